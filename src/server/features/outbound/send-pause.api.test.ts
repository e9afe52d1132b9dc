import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PAUSE_HOLD_UNTIL } from "../../../domain/send-pause";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";

/**
 * 'Pause all sending' (Settings): the dispatcher holds every marketing text of the account
 * (campaigns, by the composer or the API), lets transactional texts go (a test send, a HELP
 * answer), and turning it off releases what it held: sent, not failed or dropped.
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

const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Bean There" },
});
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);

async function giveNumber(accountId: number, areaCode: string) {
  const [available] = await t.ctx.carrier.searchNumbers({ areaCode, tollFree: false, limit: 1 });
  const owned = await t.ctx.carrier.buyNumber(available!.number, {
    smsUrl: `${t.config.webhookBase}/webhooks/twilio/inbound`,
    statusCallback: `${t.config.webhookBase}/webhooks/twilio/status`,
    friendlyName: "Main",
  });
  await db.query(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, $3, true)`,
    [accountId, available!.number, owned.sid],
  );
  return available!.number;
}

async function subscriber(accountId: number, phone: string) {
  await db.query(
    `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
     values ($1, $2, 'Ana', now())`,
    [accountId, phone],
  );
}

const sender = await giveNumber(account.id, "212");
await giveNumber(other.account.id, "415");
await subscriber(account.id, "+13125550151");
await subscriber(account.id, "+13125550152");
await subscriber(other.account.id, "+13125550153");

const key = await t.post("/api/api-keys", { name: "Pause", scopes: ["sends:write"] }, { cookie });

async function until<T>(fn: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function campaignRows(accountId: number, body: string) {
  const res = await db.query<{
    status: string;
    pending: boolean;
    notBefore: Date;
    sid: string | null;
  }>(
    `select status, pending_dispatch as pending, not_before as "notBefore", carrier_sid as sid
       from messages where account_id = $1 and body = $2 order by id`,
    [accountId, body],
  );
  return res.rows;
}

const pause = (val: boolean, c = cookie) =>
  t.put("/api/account/settings/disable_sam", { val }, { cookie: c });

describe("'Pause all sending'", () => {
  it("holds the account's campaigns, lets transactional texts go, and releases them when turned off", async () => {
    expect((await pause(true)).statusCode).toBe(200);

    const byScreen = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Fresh beans today" },
      { cookie },
    );
    expect(byScreen.statusCode, byScreen.body).toBe(201);
    const byApi = await t.request({
      method: "POST",
      url: "/api/v1/sends",
      body: { isSubscribers: "all", message: "Fresh beans via the API" },
      csrf: false,
      headers: { authorization: `Bearer ${key.json().key}` },
    });
    expect(byApi.statusCode, byApi.body).toBe(201);
    // Another account's campaign is not held by this account's switch.
    const others = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Not paused here" },
      { cookie: otherCookie },
    );
    expect(others.statusCode).toBe(201);

    // Held: queued, still pending, waiting for the switch (no date of its own), never sent.
    const held = await until(async () => {
      const rows = [
        ...(await campaignRows(account.id, "Fresh beans today")),
        ...(await campaignRows(account.id, "Fresh beans via the API")),
      ];
      return rows.length === 4 &&
        rows.every((r) => r.notBefore.getTime() === PAUSE_HOLD_UNTIL.getTime())
        ? rows
        : null;
    });
    for (const r of held) expect(r).toMatchObject({ status: "Queued", pending: true, sid: null });
    await until(async () => (await campaignRows(other.account.id, "Not paused here"))[0]?.sid);

    // A transactional text (a test send) still goes while paused.
    const test = await t.post(
      "/api/messages/test",
      { message: "Test while paused", subscribers: "(312) 555-0159" },
      { cookie },
    );
    expect(test.statusCode, test.body).toBe(200);
    // Taken by the carrier (the screen's "Queued" is the carrier's own first word for it).
    const testRow = await db.query<{ sid: string | null; pending: boolean }>(
      "select carrier_sid as sid, pending_dispatch as pending from messages where id = $1",
      [test.json().id],
    );
    expect(testRow.rows[0]).toMatchObject({ pending: false, sid: expect.any(String) });

    // The dispatcher keeps holding them: a second look changes nothing.
    await new Promise((r) => setTimeout(r, 600));
    expect(
      (await campaignRows(account.id, "Fresh beans today")).every((r) => r.pending && !r.sid),
    ).toBe(true);

    // Resumed: every held text goes out, none failed or dropped.
    expect((await pause(false)).statusCode).toBe(200);
    const sent = await until(async () => {
      const rows = [
        ...(await campaignRows(account.id, "Fresh beans today")),
        ...(await campaignRows(account.id, "Fresh beans via the API")),
      ];
      return rows.every((r) => !r.pending && r.sid) ? rows : null;
    });
    expect(sent).toHaveLength(4);
    // Taken by the carrier, none failed ("Queued" is the carrier's own first word for a text it took).
    for (const r of sent) expect(["Queued", "Sent", "Delivered"]).toContain(r.status);
    expect(sender).toMatch(/^\+1212/);
  });

  it("lets a HELP answer go while paused: compliance is never held", async () => {
    expect((await pause(true)).statusCode).toBe(200);
    await receiveInbound(t.ctx, {
      sid: `SM${randomBytes(16).toString("hex")}`,
      from: "+13125550151",
      to: sender,
      body: "HELP",
      mediaUrls: [],
      segments: 1,
    });
    const answer = await until(async () => {
      const r = await db.query<{ sid: string | null }>(
        `select carrier_sid as sid from messages
          where account_id = $1 and direction = 'outbound' and to_number = '+13125550151'
            and source = 'compliance' order by id desc limit 1`,
        [account.id],
      );
      return r.rows[0]?.sid;
    });
    expect(answer).toBeTruthy();
    await pause(false);
  });
});
