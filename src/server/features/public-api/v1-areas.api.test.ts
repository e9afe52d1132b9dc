import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { API_SCOPES } from "../../../domain/api-keys";
import { dripToGraph } from "../../../domain/automation-graph";
import { DEFAULT_OPTIN_FORM } from "../../../domain/optin-forms";
import { POLICY } from "../../http/policy";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { type Method, v1Client } from "../../test/v1-client";
import { invoices } from "../billing/billing.schema";
import { groups } from "../groups/groups.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

/**
 * The areas the public API gained for issue 17 (templates, links, media, automations, automated
 * replies, chatbots, campaigns, marketing tools, voice, keywords and growth tools, numbers,
 * reports, billing reads). Per area: a key with that area's scope does what the screen does; then
 * for every new operation: a key without the scope gets 403, another account's key 404 on this
 * account's ids, a bad body 400 in the one error shape (and nothing changes), and creating calls
 * honour Idempotency-Key.
 */
const t = await createTestServer({ env: { API_RATE_LIMIT: "5000" } });

const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);

const [numberA] = await t.db
  .insert(phoneNumbers)
  .values({
    accountId: a.account.id,
    number: "+12125550171",
    carrierSid: "PNareas",
    state: "active",
  })
  .returning();
// One chatbot per number: the idempotency check makes its second on this one.
const [numberA2] = await t.db
  .insert(phoneNumbers)
  .values({
    accountId: a.account.id,
    number: "+12125550172",
    carrierSid: "PNareas2",
    state: "active",
  })
  .returning();
const [numberB] = await t.db
  .insert(phoneNumbers)
  .values({
    accountId: b.account.id,
    number: "+12125550173",
    carrierSid: "PNareasB",
    state: "active",
  })
  .returning();
const [groupA] = await t.db
  .insert(groups)
  .values({ accountId: a.account.id, name: "Regulars" })
  .returning();
const [subA] = await t.db
  .insert(subscribers)
  .values({
    accountId: a.account.id,
    phone: "+13105550171",
    firstName: "Lin",
    marketingConsentAt: new Date(),
  })
  .returning();
const [invoiceA] = await t.db
  .insert(invoices)
  .values({
    accountId: a.account.id,
    number: "INV-0001",
    description: "Starter plan",
    amountCents: 2500,
    status: "paid",
  })
  .returning();

async function makeKey(cookie: string, scopes: readonly string[], name: string) {
  const res = await t.post("/api/api-keys", { name, scopes }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { key: string }).key;
}

/** Every area at its widest: write where an area has it, read where it has only that. */
const WIDEST = API_SCOPES.filter(
  (s) => s.endsWith(":write") || !API_SCOPES.includes(s.replace(":read", ":write")),
);
const fullA = await makeKey(cookieA, WIDEST, "All of A");
const fullB = await makeKey(cookieB, WIDEST, "All of B");
/** Holds a scope no new route needs: every new route refuses it. */
const unrelated = await makeKey(cookieA, ["webhooks:read"], "Webhooks only");

const { call, ok } = v1Client(t);

const graph = dripToGraph([
  {
    wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false },
    body: "Welcome [first name]!",
  },
]);
const drip = (name: string) => ({
  kind: "drip",
  name,
  trigger: { type: "group.joined", groupId: groupA!.id },
  graph,
});
const chatbot = (name: string, phoneNumberId = numberA!.id) => ({
  name,
  phoneNumberId,
  tree: {
    start: "menu",
    nodes: [
      {
        id: "menu",
        type: "question",
        text: "What can we do for you?",
        choices: [{ label: "Hours", next: "hours" }],
        noMatch: "Sorry?",
      },
      { id: "hours", type: "end", text: "7am to 6pm." },
    ],
  },
});
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const broadcast = (phoneNumberId = numberA!.id) => ({
  name: "Snow day",
  text: "We are closed today.",
  voice: "en-US:woman",
  phoneNumberId,
  recipients: { mode: "subscribers", subscriberIds: [subA!.id] },
  sendAt: inAnHour(),
});

/**
 * A valid body for every new route that takes one (the 404 and idempotency checks need the
 * request past validation). Filled in as the area tests create things.
 */
const BODY: Record<string, (who?: "b") => unknown> = {
  "POST /api/v1/numbers/:id/toll-free-verification": () => ({
    businessName: "Bean There Coffee",
    website: "https://beanthere.coffee",
    contactEmail: "owner@beanthere.coffee",
    contactPhone: "5125550142",
    useCase: "Order-ready alerts",
    sampleMessage: "Bean There: your latte is ready! Reply STOP to opt out.",
    optInDescription: "Customers text JOIN to our number at the counter.",
    monthlyVolume: "1000",
  }),
  "POST /api/v1/templates": () => ({ name: "Again", message: "Hello again" }),
  "PUT /api/v1/templates/:id": () => ({ name: "Renamed", message: "Hi" }),
  "POST /api/v1/links": () => ({ longUrl: "https://example.com/again" }),
  "PATCH /api/v1/links/:id": () => ({ tags: ["x"] }),
  "POST /api/v1/automations": () => drip(`Drip ${Math.random()}`),
  "PUT /api/v1/automations/:id": () => {
    const { kind: _kind, ...rest } = drip("Changed");
    return rest;
  },
  "POST /api/v1/automations/:id/status": () => ({ status: "paused" }),
  "POST /api/v1/auto-replies": () => ({
    name: `Hours ${Math.random()}`,
    match: "contains",
    words: ["hours"],
    reply: "7am to 6pm",
  }),
  "PUT /api/v1/auto-replies/:id": () => ({
    name: "Hours",
    match: "contains",
    words: ["open"],
    reply: "7am to 6pm",
  }),
  "POST /api/v1/auto-replies/order": () => ({ ids: [ids.autoReply] }),
  "POST /api/v1/chatbots": () => chatbot(`Bot ${Math.random()}`, numberA2!.id),
  "PUT /api/v1/chatbots/:id": (who) =>
    chatbot("Bot changed", who === "b" ? numberB!.id : numberA!.id),
  "POST /api/v1/chatbots/:id/enabled": () => ({ enabled: false }),
  "POST /api/v1/campaigns": () => ({ name: `Campaign ${Math.random()}` }),
  "PUT /api/v1/campaigns/:id": () => ({ name: "Renamed campaign" }),
  "POST /api/v1/campaigns/:id/members": () => ({ automationId: ids.automation }),
  "POST /api/v1/campaigns/:id/members/remove": () => ({ memberId: 1 }),
  "POST /api/v1/marketing-programs": () => ({
    kind: "coupon",
    name: `Coupon ${Math.random()}`,
    phoneNumberId: null,
    settings: {
      offer: "10% off",
      message: "Show {code} at the till",
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    },
  }),
  "PUT /api/v1/marketing-programs/:id": () => ({
    kind: "loyalty",
    name: "Coffee card",
    keyword: "CHECKIN",
    phoneNumberId: null,
    settings: { reward: "a free coffee", rewardPoints: 5, pointsPerCheckin: 1, periodHours: 24 },
  }),
  "PUT /api/v1/marketing-programs/:id/status": () => ({ status: "paused" }),
  "PUT /api/v1/workflows/:id/layout": () => ({ positions: { trigger: { x: 10, y: 20 } } }),
  "POST /api/v1/workflows/:id/test-run": () => ({ phone: "+13105550171" }),
  "POST /api/v1/voice-broadcasts": () => broadcast(),
  "PUT /api/v1/voice-broadcasts/:id": (who) => broadcast(who === "b" ? numberB!.id : numberA!.id),
  "POST /api/v1/voice-consent": () => ({
    subscriberId: subA!.id,
    given: true,
    evidence: "Said yes on the phone",
  }),
  "POST /api/v1/keywords": () => ({
    keyword: `K${Math.floor(Math.random() * 1e6)}`,
    phoneNumberId: null,
    reply: "Thanks for joining!",
  }),
  "PUT /api/v1/keywords/:id": () => ({
    keyword: "COFFEE",
    phoneNumberId: null,
    reply: "Welcome to the coffee club!",
  }),
  "PUT /api/v1/keywords/:id/status": () => ({ status: "paused" }),
  "PUT /api/v1/signup-page": () => signupSettings,
  "POST /api/v1/popups": () => ({ ...DEFAULT_OPTIN_FORM, name: `Popup ${Math.random()}` }),
  "PUT /api/v1/popups/:id": () => ({ ...DEFAULT_OPTIN_FORM, name: "Popup changed" }),
  "POST /api/v1/qr-templates": () => qr(`QR ${Math.random()}`),
  "PUT /api/v1/qr-templates/:id": (who) =>
    qr("QR changed", who === "b" ? numberB!.id : numberA!.id),
  "POST /api/v1/optin-pages": () => ({
    slug: `page-${Math.floor(Math.random() * 1e6)}`,
    title: "Join us",
  }),
  "PUT /api/v1/optin-pages/:id": () => ({ slug: "spring", title: "Spring menu" }),
  "PATCH /api/v1/numbers/:id": () => ({ name: "Front desk" }),
};
const qr = (name: string, phoneNumberId = numberA!.id) => ({
  name,
  phoneNumberId,
  message: "COFFEE",
  fgColor: "#000000",
  bgColor: "#ffffff",
});
let signupSettings: unknown = null;

/** Account A's ids per route family, for the other account's 404s. */
const ids = {
  template: 0,
  link: 0,
  automation: 0,
  workflow: 0,
  autoReply: 0,
  chatbot: 0,
  campaign: 0,
  program: 0,
  broadcast: 0,
  keyword: 0,
  popup: 0,
  qr: 0,
  page: 0,
  number: numberA!.id,
  invoice: invoiceA!.id,
};
const ID_OF: [RegExp, keyof typeof ids][] = [
  [/^\/api\/v1\/templates/, "template"],
  [/^\/api\/v1\/links/, "link"],
  [/^\/api\/v1\/automations/, "automation"],
  [/^\/api\/v1\/workflows/, "workflow"],
  [/^\/api\/v1\/auto-replies/, "autoReply"],
  [/^\/api\/v1\/chatbots/, "chatbot"],
  [/^\/api\/v1\/campaigns/, "campaign"],
  [/^\/api\/v1\/marketing-programs/, "program"],
  [/^\/api\/v1\/voice-broadcasts/, "broadcast"],
  [/^\/api\/v1\/keywords/, "keyword"],
  [/^\/api\/v1\/popups/, "popup"],
  [/^\/api\/v1\/qr-templates/, "qr"],
  [/^\/api\/v1\/optin-pages/, "page"],
  [/^\/api\/v1\/numbers/, "number"],
  [/^\/api\/v1\/invoices/, "invoice"],
];

/**
 * The routes this issue added: every /api/v1 route but the older areas' (and users and report
 * exports: v1-screen-actions.api.test.ts tests them; webinars, managed accounts and
 * integrations: v1-more-areas.api.test.ts; API keys: v1-billing-keys.api.test.ts).
 */
const OLDER =
  /^\/api\/v1\/(subscribers|groups|custom-fields|sends|reports\/sends|reports\/exports|messages|conversations|webhooks|zapier|workflows\/:id\/runs|users|webinars|managed-accounts|integrations|api-keys)/;
const NEW_ROUTES = Object.keys(POLICY)
  .filter((k) => k.split(" ")[1]!.startsWith("/api/v1/") && !OLDER.test(k.split(" ")[1]!))
  .map((k) => {
    const [method, path] = k.split(" ") as [Method, string];
    return { key: k, method, path };
  });

describe("/api/v1 areas of issue 17, each with its own scope", () => {
  it("content: templates and short links with clicks, media upload", async () => {
    const reader = await makeKey(cookieA, ["content:read"], "Content reader");
    const writer = await makeKey(cookieA, ["content:write"], "Content writer");
    const tpl = await ok<{ id: number; name: string }>(
      call(writer, "POST", "/api/v1/templates", { name: "Welcome", message: "Hi [first name]" }),
      201,
    );
    ids.template = tpl.id;
    expect(
      (await ok<{ rows: { name: string }[] }>(call(reader, "GET", "/api/v1/templates"))).rows.map(
        (r) => r.name,
      ),
    ).toContain("Welcome");
    expect(
      (await call(reader, "POST", "/api/v1/templates", BODY["POST /api/v1/templates"]!()))
        .statusCode,
    ).toBe(403);
    const changed = await ok<{ message: string }>(
      call(writer, "PUT", `/api/v1/templates/${tpl.id}`, { name: "Welcome", message: "Hello" }),
    );
    expect(changed.message).toBe("Hello");
    // The screen sees what the key made.
    expect((await t.get(`/api/templates/${tpl.id}`, { cookie: cookieA })).json().message).toBe(
      "Hello",
    );

    const link = await ok<{ id: number; code: string; clicks: number }>(
      call(writer, "POST", "/api/v1/links", {
        longUrl: "https://example.com/menu",
        tags: ["menu"],
      }),
      201,
    );
    ids.link = link.id;
    expect((await t.get(`/l/${link.code}`)).statusCode).toBe(302);
    const read = await ok<{ clicks: number }>(call(reader, "GET", `/api/v1/links/${link.id}`));
    expect(read.clicks).toBe(1);
    const tagged = await ok<{ tags: { tag: string }[] }>(
      call(writer, "PATCH", `/api/v1/links/${link.id}`, { tags: ["spring"] }),
    );
    expect(tagged.tags.map((x) => x.tag)).toEqual(["spring"]);

    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: "#ff0000" },
    })
      .png()
      .toBuffer();
    const boundary = "----v1areas";
    const upload = (key: string, field: string, name = "dot.png", data: Buffer = png) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/media",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          data,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    expect((await upload(reader, "file")).statusCode).toBe(403);
    const wrongField = await upload(writer, "photo");
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.code).toBe("BAD_REQUEST");
    const media = await upload(writer, "file");
    expect(media.statusCode, media.body).toBe(201);
    const url = media.json().fileUrl as string;
    const fetched = await t.get(new URL(url, "http://x").pathname);
    expect(fetched.statusCode, `${url} ${fetched.body}`).toBe(200);
    // A program renamed to .pdf is refused here as on the screens; a real PDF passes.
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(58), Buffer.from([64, 0, 0, 0])]);
    const renamed = await upload(writer, "file", "invoice.pdf", exe);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.message).toMatch(/^This file's content is not a PDF\./);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    expect((await upload(writer, "file", "menu.pdf", pdf)).statusCode).toBe(201);
  });

  it("automations: drips and workflows (publish, pause, report, stop), replies, chatbots, campaigns", async () => {
    const reader = await makeKey(cookieA, ["sends:read"], "Sends reader");
    const writer = await makeKey(cookieA, ["sends:write"], "Sends writer");
    const d = await ok<{ id: number; status: string }>(
      call(writer, "POST", "/api/v1/automations", drip("Welcome series")),
      201,
    );
    ids.automation = d.id;
    expect(d.status).toBe("draft");
    expect(
      (
        await ok<{ status: string }>(
          call(writer, "POST", `/api/v1/automations/${d.id}/status`, { status: "active" }),
        )
      ).status,
    ).toBe("active");
    const list = await ok<{ rows: { id: number; status: string }[] }>(
      call(reader, "GET", "/api/v1/automations?kind=drip"),
    );
    expect(list.rows.find((r) => r.id === d.id)?.status).toBe("active");
    expect(
      (await call(reader, "POST", `/api/v1/automations/${d.id}/status`, { status: "paused" }))
        .statusCode,
    ).toBe(403);
    const report = await ok<{ entered: number; steps: unknown[] }>(
      call(reader, "GET", `/api/v1/automations/${d.id}/report`),
    );
    expect(report.entered).toBe(0);
    expect(report.steps.length).toBeGreaterThan(0);
    expect(
      (await ok<{ ok: boolean }>(call(writer, "POST", `/api/v1/automations/${d.id}/stop`))).ok,
    ).toBe(true);

    const w = await ok<{ id: number }>(
      call(writer, "POST", "/api/v1/automations", { ...drip("Order follow-up"), kind: "workflow" }),
      201,
    );
    ids.workflow = w.id;
    expect(
      (await ok<{ kind: string }>(call(reader, "GET", `/api/v1/workflows/${w.id}`))).kind,
    ).toBe("workflow");
    // A drip is not a workflow.
    expect((await call(reader, "GET", `/api/v1/workflows/${d.id}`)).statusCode).toBe(404);
    const published = await ok<{ status: string }>(
      call(writer, "POST", `/api/v1/workflows/${w.id}/publish`),
    );
    expect(published.status).toBe("active");
    const layout = BODY["PUT /api/v1/workflows/:id/layout"]!();
    expect((await call(reader, "PUT", `/api/v1/workflows/${w.id}/layout`, layout)).statusCode).toBe(
      403,
    );
    expect(
      (
        await ok<{ layout: unknown }>(
          call(writer, "PUT", `/api/v1/workflows/${w.id}/layout`, layout),
        )
      ).layout,
    ).toEqual(layout);
    const copy = await ok<{ id: number; name: string; status: string; layout: unknown }>(
      call(writer, "POST", `/api/v1/workflows/${w.id}/duplicate`),
      201,
    );
    expect(copy).toMatchObject({ name: "Order follow-up (copy)", status: "draft", layout });
    // A test run walks the workflow for a subscriber with consent, as the builder's test does.
    const run = await ok<{ subscriberId: number }>(
      call(writer, "POST", `/api/v1/workflows/${w.id}/test-run`, { phone: subA!.phone }),
    );
    expect(run.subscriberId).toBe(subA!.id);
    expect(
      (await call(writer, "POST", `/api/v1/workflows/${w.id}/test-run`, { phone: "+13105550999" }))
        .statusCode,
    ).toBeGreaterThanOrEqual(400);

    const reply = await ok<{ id: number }>(
      call(writer, "POST", "/api/v1/auto-replies", BODY["PUT /api/v1/auto-replies/:id"]!()),
      201,
    );
    ids.autoReply = reply.id;
    expect(
      (await ok<{ rows: { id: number }[] }>(call(reader, "GET", "/api/v1/auto-replies"))).rows.map(
        (r) => r.id,
      ),
    ).toEqual([reply.id]);
    const preview = await t.post(
      "/api/auto-replies/preview",
      { body: "are you open today?" },
      { cookie: cookieA },
    );
    expect(preview.json().ruleId).toBe(reply.id);

    const bot = await ok<{ id: number; enabled: boolean }>(
      call(writer, "POST", "/api/v1/chatbots", chatbot("Hours bot")),
      201,
    );
    ids.chatbot = bot.id;
    expect(bot.enabled).toBe(false);
    expect(
      (
        await ok<{ enabled: boolean }>(
          call(writer, "POST", `/api/v1/chatbots/${bot.id}/enabled`, { enabled: true }),
        )
      ).enabled,
    ).toBe(true);

    const camp = await ok<{ id: number }>(
      call(writer, "POST", "/api/v1/campaigns", { name: "Spring" }),
      201,
    );
    ids.campaign = camp.id;
    const withMember = await ok<{ members: { memberId: number; id: number }[] }>(
      call(writer, "POST", `/api/v1/campaigns/${camp.id}/members`, { automationId: d.id }),
    );
    expect(withMember.members.map((m) => m.id)).toEqual([d.id]);
    const memberId = withMember.members[0]!.memberId;
    const without = await ok<{ members: unknown[] }>(
      call(writer, "POST", `/api/v1/campaigns/${camp.id}/members/remove`, { memberId }),
    );
    expect(without.members).toEqual([]);
    expect(
      (await ok<{ name: string }>(call(reader, "GET", `/api/v1/campaigns/${camp.id}`))).name,
    ).toBe("Spring");
  });

  it("marketing tools and voice broadcasts (schedule, reschedule, cancel, consent)", async () => {
    const reader = await makeKey(cookieA, ["sends:read"], "Marketing reader");
    const writer = await makeKey(cookieA, ["sends:write", "subscribers:write"], "Marketing writer");
    const p = await ok<{ id: number; keyword: string; status: string }>(
      call(
        writer,
        "POST",
        "/api/v1/marketing-programs",
        BODY["PUT /api/v1/marketing-programs/:id"]!(),
      ),
      201,
    );
    ids.program = p.id;
    expect(p.keyword).toBe("CHECKIN");
    expect(
      (
        await ok<{ programs: { id: number }[] }>(
          call(reader, "GET", "/api/v1/marketing-programs?kind=loyalty"),
        )
      ).programs.map((r) => r.id),
    ).toEqual([p.id]);
    expect(
      (
        await ok<{ status: string }>(
          call(writer, "PUT", `/api/v1/marketing-programs/${p.id}/status`, { status: "paused" }),
        )
      ).status,
    ).toBe("paused");
    await ok(call(reader, "GET", `/api/v1/marketing-programs/${p.id}/report`));

    // A coupon's codes go to the subscribers with consent; once only. Reading is not sending.
    const coupon = await ok<{ id: number }>(
      call(
        writer,
        "POST",
        "/api/v1/marketing-programs",
        BODY["POST /api/v1/marketing-programs"]!(),
      ),
      201,
    );
    expect(
      (await call(reader, "POST", `/api/v1/marketing-programs/${coupon.id}/send`)).statusCode,
    ).toBe(403);
    const sent = await ok<{ sent: number }>(
      call(writer, "POST", `/api/v1/marketing-programs/${coupon.id}/send`),
    );
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    expect(
      (await call(writer, "POST", `/api/v1/marketing-programs/${coupon.id}/send`)).statusCode,
    ).toBe(409);
    // A giveaway draws among its entrants: with none yet, the screen's answer.
    const giveaway = await ok<{ id: number }>(
      call(writer, "POST", "/api/v1/marketing-programs", {
        kind: "giveaway",
        name: "Spring draw",
        keyword: "WIN",
        phoneNumberId: null,
        settings: {
          prize: "a hamper",
          startsAt: new Date(Date.now() - 86_400_000).toISOString(),
          endsAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      }),
      201,
    );
    const draw = await call(writer, "POST", `/api/v1/marketing-programs/${giveaway.id}/draw`);
    expect(draw.statusCode).toBe(400);
    expect(draw.json().error.message).toBe("Nobody has entered this giveaway yet");
    expect(
      (await call(reader, "POST", `/api/v1/marketing-programs/${giveaway.id}/draw`)).statusCode,
    ).toBe(403);

    const consent = await ok<{ voiceConsentAt: string | null }>(
      call(writer, "POST", "/api/v1/voice-consent", BODY["POST /api/v1/voice-consent"]!()),
    );
    expect(consent.voiceConsentAt).not.toBeNull();
    const v = await ok<{ id: number; status: string; sendAt: string }>(
      call(writer, "POST", "/api/v1/voice-broadcasts", broadcast()),
      201,
    );
    ids.broadcast = v.id;
    expect(v.status).toBe("scheduled");
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const moved = await ok<{ sendAt: string }>(
      call(writer, "PUT", `/api/v1/voice-broadcasts/${v.id}`, { ...broadcast(), sendAt: later }),
    );
    expect(new Date(moved.sendAt).getTime()).toBe(new Date(later).getTime());
    expect(
      (
        await ok<{ rows: { id: number }[] }>(
          call(reader, "GET", "/api/v1/voice-broadcasts?status=scheduled"),
        )
      ).rows.map((r) => r.id),
    ).toContain(v.id);
    expect((await call(reader, "POST", `/api/v1/voice-broadcasts/${v.id}/cancel`)).statusCode).toBe(
      403,
    );
    const cancelled = await ok<{ status: string }>(
      call(writer, "POST", `/api/v1/voice-broadcasts/${v.id}/cancel`),
    );
    expect(cancelled.status).toBe("canceled");
  });

  it("growth: keywords, sign-up page, popups, QR templates, opt-in pages", async () => {
    const reader = await makeKey(cookieA, ["growth:read"], "Growth reader");
    const writer = await makeKey(cookieA, ["growth:write"], "Growth writer");
    const k = await ok<{ id: number; keyword: string }>(
      call(writer, "POST", "/api/v1/keywords", {
        keyword: "coffee",
        phoneNumberId: null,
        reply: "Welcome to the coffee club!",
        groupIds: [groupA!.id],
      }),
      201,
    );
    ids.keyword = k.id;
    expect(k.keyword.toUpperCase()).toBe("COFFEE");
    expect(
      (
        await ok<{ status: string }>(
          call(writer, "PUT", `/api/v1/keywords/${k.id}/status`, { status: "paused" }),
        )
      ).status,
    ).toBe("paused");
    await ok(call(reader, "GET", `/api/v1/keywords/${k.id}/stats`));
    expect(
      (
        await ok<{ keywords: { id: number }[] }>(call(reader, "GET", "/api/v1/keywords"))
      ).keywords.map((x) => x.id),
    ).toEqual([k.id]);

    const page = await ok<{ config: unknown; live: boolean; publicUrl: string }>(
      call(reader, "GET", "/api/v1/signup-page"),
    );
    signupSettings = { config: page.config, live: true };
    expect((await call(reader, "PUT", "/api/v1/signup-page", signupSettings)).statusCode).toBe(403);
    expect(
      (await ok<{ live: boolean }>(call(writer, "PUT", "/api/v1/signup-page", signupSettings)))
        .live,
    ).toBe(true);

    const popup = await ok<{ id: number }>(
      call(writer, "POST", "/api/v1/popups", { ...DEFAULT_OPTIN_FORM, name: "Homepage" }),
      201,
    );
    ids.popup = popup.id;
    expect(
      (await ok<{ forms: { id: number }[] }>(call(reader, "GET", "/api/v1/popups"))).forms.map(
        (f) => f.id,
      ),
    ).toEqual([popup.id]);
    const code = await ok<{ id: number }>(
      call(writer, "POST", "/api/v1/qr-templates", qr("Counter")),
      201,
    );
    ids.qr = code.id;
    expect(
      (await ok<{ name: string }>(call(reader, "GET", `/api/v1/qr-templates/${code.id}`))).name,
    ).toBe("Counter");
    const op = await ok<{ id: number; slug: string }>(
      call(writer, "POST", "/api/v1/optin-pages", { slug: "Spring", title: "Spring menu" }),
      201,
    );
    ids.page = op.id;
    expect(op.slug).toBe("spring");
    // The same slug twice is the screen's error, in the one shape.
    const dup = await call(writer, "POST", "/api/v1/optin-pages", {
      slug: "spring",
      title: "Again",
    });
    expect(dup.statusCode).toBeGreaterThanOrEqual(400);
    expect(dup.statusCode).toBeLessThan(500);
    expect(dup.json().error.message).toEqual(expect.any(String));
  });

  it("numbers, reports and billing reads", async () => {
    const numbersRead = await makeKey(cookieA, ["numbers:read"], "Numbers reader");
    const numbersWrite = await makeKey(cookieA, ["numbers:write"], "Numbers writer");
    const list = await ok<{ rows: { id: number }[] }>(call(numbersRead, "GET", "/api/v1/numbers"));
    expect(list.rows.map((r) => r.id).sort()).toEqual([numberA!.id, numberA2!.id].sort());
    expect(
      (await call(numbersRead, "PATCH", `/api/v1/numbers/${numberA!.id}`, { name: "Desk" }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await ok<{ name: string }>(
          call(numbersWrite, "PATCH", `/api/v1/numbers/${numberA!.id}`, { name: "Front desk" }),
        )
      ).name,
    ).toBe("Front desk");

    const reports = await makeKey(cookieA, ["reports:read"], "Reports reader");
    for (const path of [
      "subscribers",
      "opt-outs",
      "link-clicks/subscribers",
      "link-clicks/sends",
      "analytics",
      "cohorts",
    ]) {
      const res = await call(reports, "GET", `/api/v1/reports/${path}`);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    }
    const bad = await call(reports, "GET", "/api/v1/reports/subscribers?from=2026-13-45");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: "VALIDATION", message: expect.any(String) });

    const billing = await makeKey(cookieA, ["billing:read"], "Billing reader");
    const credits = await ok<{ balance: number }>(call(billing, "GET", "/api/v1/credits"));
    const screen = (await t.get("/api/credits", { cookie: cookieA })).json();
    expect(credits.balance).toBe(screen.balance);
    await ok(call(billing, "GET", "/api/v1/billing/summary"));
    expect(
      (await ok<{ rows: { number: string }[] }>(call(billing, "GET", "/api/v1/invoices"))).rows.map(
        (r) => r.number,
      ),
    ).toEqual(["INV-0001"]);
    expect(
      (await ok<{ amountCents: number }>(call(billing, "GET", `/api/v1/invoices/${invoiceA!.id}`)))
        .amountCents,
    ).toBe(2500);
    // Paying is billing:write, which only an Owner gives (v1-billing-keys.api.test.ts).
    expect(
      (await t.post("/api/api-keys", { name: "x", scopes: ["billing:write"] }, { cookie: cookieA }))
        .statusCode,
    ).toBe(201);
  });
});

describe("every new operation", () => {
  it("has an operationId, a summary and the key security scheme in the document", async () => {
    const doc = (await t.get("/api/docs/json")).json() as {
      paths: Record<
        string,
        Record<string, { operationId?: string; summary?: string; security?: unknown }>
      >;
    };
    const seen = new Set<string>();
    for (const r of NEW_ROUTES) {
      const path = r.path.replace(/:(\w+)/g, "{$1}");
      const o = doc.paths[path]?.[r.method.toLowerCase()];
      expect(o, r.key).toBeDefined();
      expect(o!.operationId, r.key).toMatch(/^[a-z][A-Za-z]+$/);
      expect(seen.has(o!.operationId!), `${r.key} repeats ${o!.operationId}`).toBe(false);
      seen.add(o!.operationId!);
      expect(o!.summary, r.key).toBeTruthy();
      expect(o!.security, r.key).toEqual([{ apiKey: [] }]);
    }
    expect(NEW_ROUTES.length).toBeGreaterThan(80);
  });

  it("refuses a key without the scope (403), before reading the body", async () => {
    for (const r of NEW_ROUTES) {
      const res = await call(
        unrelated,
        r.method,
        r.path.replace(/:id/g, "1"),
        r.method === "GET" || r.method === "DELETE" ? undefined : {},
      );
      expect(res.statusCode, r.key).toBe(403);
      expect(res.json().error.code, r.key).toBe("FORBIDDEN");
    }
  });

  it("answers 404 to another account's key on this account's ids, and changes nothing", async () => {
    const withId = NEW_ROUTES.filter((r) => r.path.includes(":id"));
    for (const r of withId) {
      const family = ID_OF.find(([re]) => re.test(r.path));
      expect(family, r.key).toBeDefined();
      const id = ids[family![1]];
      expect(id, `${r.key} has an id of account A`).toBeGreaterThan(0);
      // B's own number in B's bodies: the 404 is about A's id, not a foreign number in the body.
      const body = BODY[r.key]?.("b");
      const res = await call(fullB, r.method, r.path.replace(":id", String(id)), body);
      expect(res.statusCode, `${r.key}: ${res.body}`).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
    // Still there for A.
    expect((await call(fullA, "GET", `/api/v1/templates/${ids.template}`)).statusCode).toBe(200);
    expect((await call(fullA, "GET", `/api/v1/numbers/${ids.number}`)).json().name).toBe(
      "Front desk",
    );
  });

  it("answers a bad body with 400 in the one error shape, and creates nothing", async () => {
    const before = (await call(fullA, "GET", "/api/v1/templates?pageSize=100")).json().total;
    const withBody = NEW_ROUTES.filter((r) => BODY[r.key]);
    expect(withBody.length).toBeGreaterThan(30);
    for (const r of withBody) {
      const url = r.path.replace(
        ":id",
        String(ids[ID_OF.find(([re]) => re.test(r.path))?.[1] ?? "template"]),
      );
      const res = await call(fullA, r.method, url, { name: 42, nonsense: [null] });
      expect(res.statusCode, `${r.key}: ${res.body}`).toBe(400);
      const err = res.json().error;
      expect(Object.keys(res.json())).toEqual(["error"]);
      expect(err.code, r.key).toEqual(expect.any(String));
      expect(err.message, r.key).toEqual(expect.any(String));
    }
    expect((await call(fullA, "GET", "/api/v1/templates?pageSize=100")).json().total).toBe(before);
  });

  it("replays creating calls sent twice with one Idempotency-Key", async () => {
    const creates = NEW_ROUTES.filter(
      (r) => r.method === "POST" && !r.path.includes(":id") && BODY[r.key],
    ).filter((r) => !r.path.endsWith("/order") && !r.path.endsWith("/voice-consent"));
    expect(creates.map((r) => r.path).sort()).toEqual(
      [
        "/api/v1/auto-replies",
        "/api/v1/automations",
        "/api/v1/campaigns",
        "/api/v1/chatbots",
        "/api/v1/keywords",
        "/api/v1/links",
        "/api/v1/marketing-programs",
        "/api/v1/optin-pages",
        "/api/v1/popups",
        "/api/v1/qr-templates",
        "/api/v1/templates",
        "/api/v1/voice-broadcasts",
      ].sort(),
    );
    for (const r of creates) {
      const body = BODY[r.key]!();
      const first = await call(fullA, "POST", r.path, body, `idem-${r.path}`);
      expect(first.statusCode, `${r.key}: ${first.body}`).toBe(201);
      const again = await call(fullA, "POST", r.path, body, `idem-${r.path}`);
      expect(again.statusCode, r.key).toBe(201);
      expect(again.headers["idempotent-replayed"], r.key).toBe("true");
      expect(again.json().id, r.key).toBe(first.json().id);
    }
  });

  it("deletes what the key made, and another account cannot", async () => {
    for (const [path, id] of [
      ["/api/v1/templates", ids.template],
      ["/api/v1/automations", ids.automation],
      ["/api/v1/auto-replies", ids.autoReply],
      ["/api/v1/chatbots", ids.chatbot],
      ["/api/v1/campaigns", ids.campaign],
      ["/api/v1/marketing-programs", ids.program],
      ["/api/v1/keywords", ids.keyword],
      ["/api/v1/popups", ids.popup],
      ["/api/v1/qr-templates", ids.qr],
      ["/api/v1/optin-pages", ids.page],
    ] as const) {
      expect((await call(fullA, "DELETE", `${path}/${id}`)).statusCode, path).toBe(204);
      expect((await call(fullA, "GET", `${path}/${id}`)).statusCode, path).toBe(404);
    }
  });
});

describe("key scopes", () => {
  it("cannot exceed what the person making the key holds", async () => {
    const u = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 1 });
    const cookie = await loginAs(t.app, u.username, u.password);
    const refused = await t.post(
      "/api/api-keys",
      { name: "Too much", scopes: ["billing:read", "numbers:write", "content:write"] },
      { cookie },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "You can only give a key access you have yourself. Leave out: Billing (credits, usage, invoices), Numbers and brand registration.",
    );
    expect(
      (
        await t.post(
          "/api/api-keys",
          { name: "Fine", scopes: ["content:write", "numbers:read"] },
          { cookie },
        )
      ).statusCode,
    ).toBe(201);
  });
});
