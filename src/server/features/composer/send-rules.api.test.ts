import { afterAll, describe, expect, it } from "vitest";
import { CONTENT_RULE_TEXT, NO_URL_ALLOWED_REASON } from "../../../domain/content-rules";
import { STARTER_TEMPLATES } from "../../../domain/templates";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { MMS_PLACEHOLDER_PATH } from "./mms-placeholder";

/**
 * What the composer promises about a text's content, kept by the server for every sender: the
 * composer's campaign send, the test send, the inbox, and /api/v1 (sends and messages).
 */
const t = await createTestServer({
  listen: true,
  env: {
    EMULATOR_LATENCY_MS: "10",
    EMULATOR_MPS_LONG_CODE: "100000",
    SEND_MPS_LONG_CODE: "100000",
  },
});
const db = t.db.$client;
afterAll(() => undefined);

async function business(opts: { tollFree: boolean; account?: { parentAccountId: number } }) {
  const made = await buildAccountWithUser(t.db, { account: opts.account });
  const cookie = await loginAs(t.app, made.user.username, made.user.password);
  const [available] = await t.ctx.carrier.searchNumbers({
    areaCode: opts.tollFree ? undefined : "212",
    tollFree: opts.tollFree,
    limit: 1,
  });
  const owned = await t.ctx.carrier.buyNumber(available!.number, {
    smsUrl: `${t.config.webhookBase}/webhooks/twilio/inbound`,
    statusCallback: `${t.config.webhookBase}/webhooks/twilio/status`,
    friendlyName: "Main",
  });
  const number = await db.query<{ id: number }>(
    `insert into phone_numbers (account_id, number, carrier_sid, included, toll_free)
     values ($1, $2, $3, true, $4) returning id`,
    [made.account.id, available!.number, owned.sid, opts.tollFree],
  );
  const sub = await db.query<{ id: number }>(
    `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
     values ($1, $2, 'Ana', now()) returning id::int`,
    [made.account.id, opts.tollFree ? "+13125550141" : "+13125550142"],
  );
  const keyRes = await t.post(
    "/api/api-keys",
    { name: "Rules", scopes: ["sends:write", "messages:write"] },
    { cookie },
  );
  expect(keyRes.statusCode).toBe(201);
  return {
    accountId: made.account.id,
    cookie,
    key: keyRes.json().key as string,
    numberId: number.rows[0]!.id,
    subscriberId: sub.rows[0]!.id,
  };
}

type Biz = Awaited<ReturnType<typeof business>>;

function v1(b: Biz, url: string, body: unknown) {
  return t.request({
    method: "POST",
    url,
    body,
    csrf: false,
    headers: { authorization: `Bearer ${b.key}` },
  });
}

/** The same send four ways: composer, test send, inbox, /api/v1 sends and messages. */
async function everySender(b: Biz, message: string, extra: Record<string, unknown> = {}) {
  const form = { isSubscribers: "all", message, longcodeId: b.numberId, ...extra };
  return {
    composer: await t.post("/api/sends", form, { cookie: b.cookie }),
    test: await t.post(
      "/api/messages/test",
      { message, longcodeId: b.numberId, subscribers: "(312) 555-0143", ...extra },
      { cookie: b.cookie },
    ),
    inbox: await t.post(
      `/api/inbox/conversations/${b.subscriberId}/messages`,
      { message, phoneNumberId: b.numberId, mediaUrls: [], sendAnyway: true },
      { cookie: b.cookie },
    ),
    v1Send: await v1(b, "/api/v1/sends", form),
    v1Message: await v1(b, "/api/v1/messages", {
      subscriberId: b.subscriberId,
      body: message,
      phoneNumberId: b.numberId,
    }),
  };
}

async function counts(accountId: number) {
  const res = await db.query<{ sends: number; messages: number }>(
    `select (select count(*)::int from sends where account_id = $1) as sends,
            (select count(*)::int from messages where account_id = $1 and direction = 'outbound') as messages`,
    [accountId],
  );
  return res.rows[0]!;
}

async function register(accountId: number) {
  await db.query(
    `insert into brand_registrations (account_id, brand, brand_status, campaign, campaign_status)
     values ($1, '{}'::jsonb, 'approved', '{}'::jsonb, 'approved')
     on conflict (account_id) do update set brand_status = 'approved', campaign_status = 'approved'`,
    [accountId],
  );
}

async function newLink(b: Biz, longUrl: string) {
  const res = await t.post("/api/links", { longUrl }, { cookie: b.cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function until<T>(fn: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const local = await business({ tollFree: false });
const tollFree = await business({ tollFree: true });

describe("links from an unregistered local number", () => {
  it("are refused by every sender with the 'Unable To Send' reason and nothing is written", async () => {
    const linkId = await newLink(local, "https://beanthere.example/menu");
    const before = await counts(local.accountId);
    for (const message of [
      `Menu: [[link tracking id=${linkId}]]`,
      "Menu: https://beanthere.example/menu",
    ]) {
      const answers = await everySender(local, message);
      for (const [sender, res] of Object.entries(answers)) {
        expect(res.statusCode, `${sender}: ${res.body}`).toBe(403);
        expect(res.json().error, sender).toMatchObject({
          reason: NO_URL_ALLOWED_REASON,
          message: CONTENT_RULE_TEXT.noUrlAllowed,
        });
      }
    }
    expect(await counts(local.accountId)).toEqual(before);
  });

  it("go once the 10DLC brand and campaign are approved, one tracked link per message", async () => {
    await register(local.accountId);
    const first = await newLink(local, "https://beanthere.example/a");
    const second = await newLink(local, "https://beanthere.example/b");
    const two = await everySender(
      local,
      `[[link tracking id=${first}]] or [[link tracking id=${second}]]`,
    );
    for (const [sender, res] of Object.entries(two)) {
      expect(res.statusCode, `${sender}: ${res.body}`).toBe(403);
      expect(res.json().error.message, sender).toBe(CONTENT_RULE_TEXT.oneLink);
    }
    const one = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: `Menu: [[link tracking id=${first}]]` },
      { cookie: local.cookie },
    );
    expect(one.statusCode, one.body).toBe(201);
    const viaApi = await v1(local, "/api/v1/messages", {
      subscriberId: local.subscriberId,
      body: "Our menu: https://beanthere.example/menu",
    });
    expect(viaApi.statusCode, viaApi.body).toBe(201);
  });
});

describe("an unverified toll-free number", () => {
  const intro = STARTER_TEMPLATES[0]!.message;

  it("sends a pre-approved template as it is, by the composer and the API", async () => {
    const composer = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: intro, templateId: -1, longcodeId: tollFree.numberId },
      { cookie: tollFree.cookie },
    );
    expect(composer.statusCode, composer.body).toBe(201);
    const api = await v1(tollFree, "/api/v1/sends", {
      isSubscribers: "all",
      message: intro,
      templateId: -1,
    });
    expect(api.statusCode, api.body).toBe(201);
    // It really goes out, from the toll-free number.
    const sent = await until(async () => {
      const r = await db.query<{ n: number }>(
        `select count(*)::int as n from messages
          where account_id = $1 and direction = 'outbound' and carrier_sid is not null`,
        [tollFree.accountId],
      );
      return r.rows[0]!.n >= 2 ? r.rows[0]!.n : null;
    });
    expect(sent).toBe(2);
  });

  it("refuses free text, an edited template and the account's own template", async () => {
    const own = await t.post(
      "/api/templates",
      { name: "Ours", message: "Our own words", isMMS: false },
      { cookie: tollFree.cookie },
    );
    expect(own.statusCode, own.body).toBe(201);
    const before = await counts(tollFree.accountId);
    const cases: [string, Record<string, unknown>][] = [
      ["Anything we like", {}],
      [`${intro} Today only!`, { templateId: -1 }],
      ["Our own words", { templateId: own.json().id }],
    ];
    for (const [message, extra] of cases) {
      const answers = await everySender(tollFree, message, extra);
      for (const [sender, res] of Object.entries(answers)) {
        expect(res.statusCode, `${sender}: ${res.body}`).toBe(403);
        expect(res.json().error, sender).toMatchObject({
          reason: "unverified_toll_free",
          message: CONTENT_RULE_TEXT.unverifiedTollFree,
        });
      }
    }
    expect(await counts(tollFree.accountId)).toEqual(before);
  });
});

describe("'Templates only' (Settings)", () => {
  it("refuses free text and lets a saved template go unchanged, on screen and by API", async () => {
    const on = await t.put(
      "/api/account/settings/template_sending_only",
      { val: true },
      { cookie: local.cookie },
    );
    expect(on.statusCode).toBe(200);
    const template = await t.post(
      "/api/templates",
      { name: "Hours", message: "Open 7 to 7 today", isMMS: false },
      { cookie: local.cookie },
    );
    const templateId = template.json().id as number;
    const free = await everySender(local, "Open late tonight");
    for (const [sender, res] of Object.entries(free)) {
      expect(res.statusCode, `${sender}: ${res.body}`).toBe(403);
      expect(res.json().error, sender).toMatchObject({
        reason: "templates_only",
        message: CONTENT_RULE_TEXT.templatesOnly,
      });
    }
    const edited = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Open 7 to 9 today", templateId },
      { cookie: local.cookie },
    );
    expect(edited.statusCode).toBe(403);
    const asSaved = await v1(local, "/api/v1/sends", {
      isSubscribers: "all",
      message: "Open 7 to 7 today",
      templateId,
    });
    expect(asSaved.statusCode, asSaved.body).toBe(201);

    await t.put(
      "/api/account/settings/template_sending_only",
      { val: false },
      { cookie: local.cookie },
    );
    const after = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Open late tonight" },
      { cookie: local.cookie },
    );
    expect(after.statusCode, after.body).toBe(201);
  });
});

describe("a template with 'Require a link' (Templates)", () => {
  it("goes only with a tracked link in it, on screen and by API", async () => {
    const parent = await buildAccountWithUser(t.db, { account: { subscriptionType: "parent" } });
    const parentCookie = await loginAs(t.app, parent.user.username, parent.user.password);
    const template = await t.post(
      "/api/controlled-templates",
      { name: "Menu", message: "Our menu: ", requiresLink: true },
      { cookie: parentCookie },
    );
    expect(template.statusCode, template.body).toBe(201);
    const templateId = template.json().id as number;
    const child = await business({
      tollFree: false,
      account: { parentAccountId: parent.account.id },
    });
    await register(child.accountId);
    const before = await counts(child.accountId);
    const form = {
      isSubscribers: "all",
      message: "Our menu: ",
      longcodeId: child.numberId,
      templateId,
    };
    for (const res of [
      await t.post("/api/sends", form, { cookie: child.cookie }),
      await v1(child, "/api/v1/sends", form),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toMatchObject({
        reason: "link_required",
        message: "A link is required with this template",
      });
    }
    expect(await counts(child.accountId)).toEqual(before);
    const linkId = await newLink(child, "https://beanthere.example/menu");
    const withLink = await t.post(
      "/api/sends",
      { ...form, message: `Our menu: [[link tracking id=${linkId}]]` },
      { cookie: child.cookie },
    );
    expect(withLink.statusCode, withLink.body).toBe(201);
  });
});

describe("a text-only MMS", () => {
  it("carries Parley's blank placeholder image, so the MMS charged is the MMS sent", async () => {
    const image = await t.get(MMS_PLACEHOLDER_PATH);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.subarray(1, 4).toString()).toBe("PNG");

    const res = await t.post(
      "/api/messages/test",
      {
        message: "Picture day!",
        isMMS: true,
        longcodeId: local.numberId,
        subscribers: "(312) 555-0144",
      },
      { cookie: local.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().credits).toBe(3);
    const sent = await db.query<{ mediaUrls: string[]; credits: number }>(
      `select media_urls as "mediaUrls", credits from messages where id = $1`,
      [res.json().id],
    );
    expect(sent.rows[0]).toEqual({
      mediaUrls: [`${t.config.publicBase}${MMS_PLACEHOLDER_PATH}`],
      credits: 3,
    });

    const campaign = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Picture day for all!", isSMS: false },
      { cookie: local.cookie },
    );
    expect(campaign.statusCode, campaign.body).toBe(201);
    const row = await until(async () => {
      const r = await db.query<{ mediaUrls: string[]; credits: number }>(
        `select media_urls as "mediaUrls", credits from messages
          where account_id = $1 and body like 'Picture day for all!%'`,
        [local.accountId],
      );
      return r.rows[0];
    });
    expect(row).toEqual({
      mediaUrls: [`${t.config.publicBase}${MMS_PLACEHOLDER_PATH}`],
      credits: 3,
    });
  });
});
