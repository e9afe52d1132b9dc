import { beforeAll, describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { insertRun, insertSend } from "../../test/send-factories";
import { startPipeline } from "../sends/pipeline";

// The analytics page's failed-by-error view: who is behind a carrier error code, then retry
// them (a new send through the composer's path) or clean them (the unhealthy clean-up).
const t = await createTestServer({
  listen: true,
  pipeline: false,
  env: {
    EMULATOR_LATENCY_MS: "20",
    EMULATOR_MPS_LONG_CODE: "100000",
    SEND_MPS_LONG_CODE: "100000",
  },
});
const db = t.db.$client;
const a = await buildAccountWithUser(t.db, { account: { timezoneId: 1, businessName: "Bean" } });
const b = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
const cookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);
const acct = a.account.id;
const ids: Record<string, number> = {};
let runOld = 0;
let numberId = 0;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const range = `from=${ymd(day(10))}&to=${ymd(day(-1))}`;
const rangeBody = { from: ymd(day(10)), to: ymd(day(-1)) };

async function deliver(runId: number, name: string, status: string, code: number | null, at: Date) {
  await db.query(
    `insert into messages (account_id, direction, from_number, to_number, body, status, error_code,
       source, run_id, credits, subscriber_id, created_at, updated_at)
     select $1, 'outbound', '+12125550100', phone, 'Flash sale', $3, $4, 'campaign', $2, 1, id, $5, $5
       from subscribers where id = $6`,
    [acct, runId, status, code, at, ids[name]],
  );
}

beforeAll(async () => {
  const [first] = await t.ctx.carrier.searchNumbers({ areaCode: "212", tollFree: false, limit: 1 });
  const owned = await t.ctx.carrier.buyNumber(first!.number, {
    smsUrl: `${t.config.webhookBase}/webhooks/twilio/inbound`,
    statusCallback: `${t.config.webhookBase}/webhooks/twilio/status`,
    friendlyName: "Main",
  });
  const n = await db.query<{ id: number }>(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, $3, true) returning id`,
    [acct, first!.number, owned.sid],
  );
  numberId = n.rows[0]!.id;
  for (const [name, phone, consent] of [
    ["ana", "+13125550201", true], // unreachable, still subscribed: retried and cleaned
    ["otto", "+13125550202", true], // unreachable, opted out since: neither
    ["nell", "+13125550203", false], // unreachable, no marketing consent: cleaned, not retried
    ["rita", "+13125550204", true], // unreachable, then a later text went through: retried only
    ["lou", "+13125550205", true], // landline (another code)
    ["dee", "+13125550206", true], // delivered
  ] as const) {
    const res = await db.query<{ id: number }>(
      `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
       values ($1, $2, $3, case when $4 then now() end) returning id::int`,
      [acct, phone, name, consent],
    );
    ids[name] = res.rows[0]!.id;
  }
  await db.query(
    `insert into suppressions (account_id, phone, reason) values ($1, $2, 'opted_out')`,
    [acct, "+13125550202"],
  );
  const form = { isSubscribers: "all", message: "Flash sale: 2 for 1 today", longcodeId: numberId };
  const sendOld = await insertSend(t.db, {
    accountId: acct,
    userId: a.user.id,
    text: "Flash sale",
    form,
  });
  runOld = await insertRun(t.db, {
    sendId: sendOld,
    accountId: acct,
    runAt: day(3),
    text: "Flash sale: 2 for 1 today",
  });
  const sendNew = await insertSend(t.db, {
    accountId: acct,
    userId: a.user.id,
    text: "Tuesday news",
    form: { ...form, message: "Tuesday news" },
  });
  const runNew = await insertRun(t.db, {
    sendId: sendNew,
    accountId: acct,
    runAt: day(2),
    text: "Tuesday news",
  });
  for (const name of ["ana", "otto", "nell", "rita"])
    await deliver(runOld, name, "Undelivered", 30003, day(3));
  await deliver(runOld, "lou", "Failed Landline Delivery", 30006, day(3));
  await deliver(runOld, "dee", "Delivered", null, day(3));
  await deliver(runNew, "rita", "Delivered", null, day(2));
});

const summary = async (c = cookie, q = range) =>
  t.get(`/api/analytics/failures/numbers?${q}&code=30003`, { cookie: c });

describe("failed numbers by carrier error", () => {
  it("counts who is behind a code: who a retry texts, who is left out and why, who can be cleaned", async () => {
    const res = await summary();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 30003,
      failed: 4,
      retryable: 2,
      excluded: { optedOut: 1, blocked: 0, landline: 0, noConsent: 1 },
      sends: 1,
      cleanable: 2,
    });
    const landline = await t.get(`/api/analytics/failures/numbers?${range}&code=30006`, { cookie });
    expect(landline.json()).toMatchObject({ failed: 1, retryable: 1, cleanable: 1 });
  });

  it("gives a blocked number and a known landline their own reason, as the fan-out would", async () => {
    await db.query(
      `insert into suppressions (account_id, phone, reason) values ($1, $2, 'blocked')`,
      [acct, "+13125550201"],
    );
    await db.query(`update subscribers set is_landline = true where id = $1`, [ids.rita]);
    try {
      expect((await summary()).json()).toMatchObject({
        failed: 4,
        retryable: 0,
        excluded: { optedOut: 1, blocked: 1, landline: 1, noConsent: 1 },
        sends: 0,
      });
    } finally {
      await db.query(`delete from suppressions where account_id = $1 and reason = 'blocked'`, [
        acct,
      ]);
      await db.query(`update subscribers set is_landline = null where id = $1`, [ids.rita]);
    }
  });

  it("refuses bad input with a 400 and changes nothing; another account sees none of it", async () => {
    for (const q of [
      "",
      "code=abc",
      "code=0",
      `code=30003&from=${ymd(day(1))}&to=${ymd(day(5))}`,
    ]) {
      const res = await t.get(`/api/analytics/failures/numbers?${q}`, { cookie });
      expect(res.statusCode, q).toBe(400);
    }
    const bad = await t.post(
      "/api/analytics/failures/clean-up",
      { ...rangeBody, code: 30003, action: "forget" },
      { cookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Choose delete or opt out");
    const sup = await db.query(
      `select count(*)::int as n from suppressions where account_id = $1`,
      [acct],
    );
    expect(sup.rows[0].n).toBe(1);

    expect((await summary(bCookie)).json()).toMatchObject({
      failed: 0,
      retryable: 0,
      cleanable: 0,
    });
    const foreignNumber = await summary(bCookie, `${range}&numberId=${numberId}`);
    expect(foreignNumber.statusCode).toBe(404);
    const retry = await t.post(
      "/api/analytics/failures/retry",
      { ...rangeBody, code: 30003 },
      { cookie: bCookie },
    );
    expect(retry.statusCode).toBe(400);
    const clean = await t.post(
      "/api/analytics/failures/clean-up",
      { ...rangeBody, code: 30003, action: "opt_out" },
      { cookie: bCookie },
    );
    expect(clean.statusCode).toBe(400);
    const sends = await db.query(`select count(*)::int as n from sends where account_id = $1`, [
      acct,
    ]);
    expect(sends.rows[0].n).toBe(2);
  });

  it("cleans: opts out only the numbers whose latest text failed, in the consent log with the user", async () => {
    const res = await t.post(
      "/api/analytics/failures/clean-up",
      { ...rangeBody, code: 30003, action: "opt_out" },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ affected: 2 });
    const sup = await db.query<{ phone: string }>(
      `select phone from suppressions where account_id = $1 order by phone`,
      [acct],
    );
    expect(sup.rows.map((r) => r.phone)).toEqual(["+13125550201", "+13125550202", "+13125550203"]);
    const log = await db.query(
      `select phone, user_id, detail from consent_events where account_id = $1 and action = 'opt_out' order by phone`,
      [acct],
    );
    expect(log.rows).toEqual([
      {
        phone: "+13125550201",
        user_id: a.user.id,
        detail: expect.stringMatching(/Unhealthy subscriber clean-up/),
      },
      {
        phone: "+13125550203",
        user_id: a.user.id,
        detail: expect.stringMatching(/Unhealthy subscriber clean-up/),
      },
    ]);
    // Nothing left to clean: a second click says so and changes nothing.
    const again = await t.post(
      "/api/analytics/failures/clean-up",
      { ...rangeBody, code: 30003, action: "opt_out" },
      { cookie },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/Nothing to clean/);
  });

  it("retries: a new send of the missed text to those still subscribed and consenting, queued through the pipeline", async () => {
    expect((await summary()).json()).toMatchObject({ failed: 4, retryable: 1, cleanable: 0 });
    const res = await t.post(
      "/api/analytics/failures/retry",
      { ...rangeBody, code: 30003 },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.recipients).toBe(1);
    expect(body.sends).toHaveLength(1);
    const send = await db.query(
      `select user_id, recipients, form->>'message' as message from sends where id = $1 and account_id = $2`,
      [body.sends[0].id, acct],
    );
    expect(send.rows[0]).toEqual({
      user_id: a.user.id,
      recipients: { mode: "subscribers", subscriberIds: [ids.rita], groupIds: [] },
      message: "Flash sale: 2 for 1 today",
    });
    const pipeline = startPipeline(t.ctx);
    try {
      const end = Date.now() + 20_000;
      let queued: { to_number: string; body: string }[] = [];
      while (Date.now() < end) {
        const m = await db.query<{ to_number: string; body: string }>(
          `select m.to_number, m.body from messages m join send_runs r on r.id = m.run_id
            where r.send_id = $1`,
          [body.sends[0].id],
        );
        queued = m.rows;
        if (queued.length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(queued).toEqual([
        { to_number: "+13125550204", body: expect.stringContaining("Flash sale: 2 for 1 today") },
      ]);
    } finally {
      await pipeline.stop();
    }
  });

  it("says so when nobody is left to retry", async () => {
    await db.query(
      `insert into suppressions (account_id, phone, reason) values ($1, '+13125550204', 'blocked')`,
      [acct],
    );
    const res = await t.post(
      "/api/analytics/failures/retry",
      { ...rangeBody, code: 30003 },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Nobody to retry/);
  });
});
