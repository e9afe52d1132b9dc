import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startPipeline } from "./pipeline";

// Campaign texts abroad spend international credits as one-to-one texts do: the whole path from
// POST /api/sends through the fan-out and the dispatcher to the emulator, and the report.
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

const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Maple Roasters" },
});
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);

let sender = "";
const pipeline = startPipeline(t.ctx);
afterAll(() => pipeline.stop());

const US = ["+12125550121", "+13125550122"];
const ABROAD = ["+14165550123", "+18765550124"]; // Toronto and Kingston, Jamaica (the app takes +1 numbers only)
const ids: Record<string, number> = {};

async function subscriber(phone: string, firstName: string) {
  const res = await db.query<{ id: number }>(
    `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
     values ($1, $2, $3, now()) returning id::int`,
    [account.id, phone, firstName],
  );
  ids[phone] = res.rows[0]!.id;
}

async function setBalances(balance: number, international: number) {
  await t.get("/api/credits", { cookie }); // creates the credit row
  await db.query(
    `update account_credits set balance = $2, international_balance = $3 where account_id = $1`,
    [account.id, balance, international],
  );
}

async function credits() {
  const c = (await t.get("/api/credits", { cookie })).json();
  return { balance: c.balance as number, international: c.internationalBalance as number };
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

/** Sends to the given subscribers now and waits for its run to finish. */
async function sendTo(phones: string[], message = "Fresh roast today") {
  const res = await t.post(
    "/api/sends",
    { isSubscribers: "true", subscriberIds: phones.map((p) => ids[p]), message },
    { cookie },
  );
  expect(res.statusCode).toBe(201);
  const sendId = res.json().id as number;
  return until(async () => {
    const r = await db.query<{
      id: number;
      status: string;
      recipients: number;
      credits: number;
      error: string | null;
    }>(`select id::int, status, recipients, credits, error from send_runs where send_id = $1`, [
      sendId,
    ]);
    return r.rows[0]?.status === "completed" ? r.rows[0] : null;
  });
}

async function carrierGot(phones: string[]) {
  const r = await db.query<{ to: string }>(
    `select to_number as "to" from emu_messages where from_number = $1 and to_number = any($2)
      order by to_number`,
    [sender, phones],
  );
  return r.rows.map((x) => x.to);
}

beforeAll(async () => {
  const [first] = await t.ctx.carrier.searchNumbers({ areaCode: "212", tollFree: false, limit: 1 });
  sender = first!.number;
  const owned = await t.ctx.carrier.buyNumber(sender, {
    smsUrl: `${t.config.webhookBase}/webhooks/twilio/inbound`,
    statusCallback: `${t.config.webhookBase}/webhooks/twilio/status`,
    friendlyName: "Main",
  });
  await db.query(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, $3, true)`,
    [account.id, sender, owned.sid],
  );
  await subscriber(US[0]!, "Ana");
  await subscriber(US[1]!, "Ben");
  await subscriber(ABROAD[0]!, "Chloé");
  await subscriber(ABROAD[1]!, "Dev");
  await subscriber("+14165550000", "Ed"); // Toronto; the emulator refuses the number (21211)
});

describe("a send to subscribers at home and abroad", () => {
  it("the composer's estimate counts the recipients abroad and the international balance", async () => {
    await setBalances(100, 7);
    const res = await t.post(
      "/api/sends/audience",
      { isSubscribers: "true", subscriberIds: [...US, ...ABROAD].map((p) => ids[p]) },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recipients: 4, abroad: 2, internationalBalance: 7 });
  });

  it("US texts spend message credits; texts abroad spend international credits as well", async () => {
    await setBalances(100, 7);
    const run = await sendTo([...US, ...ABROAD]);
    expect(run).toMatchObject({ recipients: 4, credits: 4, error: null });
    expect(await carrierGot([...US, ...ABROAD])).toEqual([...US, ...ABROAD].sort());
    expect(await credits()).toEqual({ balance: 96, international: 5 });
    const spent = await db.query(
      `select to_number as "to", credits, international_credits as "intl" from messages
        where run_id = $1 order by to_number`,
      [run.id],
    );
    expect(spent.rows).toEqual([
      { to: "+12125550121", credits: 1, intl: 0 },
      { to: "+13125550122", credits: 1, intl: 0 },
      { to: "+14165550123", credits: 1, intl: 1 },
      { to: "+18765550124", credits: 1, intl: 1 },
    ]);
    const ledger = await db.query(
      `select kind, delta from credit_ledger where run_id = $1 and reason = 'reserve' order by kind`,
      [run.id],
    );
    expect(ledger.rows).toEqual([
      { kind: "international", delta: -2 },
      { kind: "standard", delta: -4 },
    ]);
  });

  it("a long text abroad spends one international credit per message credit", async () => {
    await setBalances(100, 7);
    const run = await sendTo([ABROAD[0]!], "x".repeat(200)); // two segments
    expect(run).toMatchObject({ recipients: 1, credits: 2, error: null });
    expect(await credits()).toEqual({ balance: 98, international: 5 });
  });

  it("short of international credits, the recipients abroad are not sent and the report says why", async () => {
    await setBalances(100, 1);
    const before = await carrierGot(ABROAD);
    const run = await sendTo([...US, ...ABROAD], "Weekend tasting");
    // The US recipients got it and paid for it; abroad nothing was charged or sent.
    expect(run.recipients).toBe(4);
    expect(run.credits).toBe(2);
    expect(run.error).toBe(
      "2 recipients abroad were not sent: not enough international credits (2 needed, 1 left). Add international credits under Add-ons › International Messages, then send to them again.",
    );
    expect(await credits()).toEqual({ balance: 98, international: 1 });
    const sent = await db.query<{ to: string }>(
      `select to_number as "to" from emu_messages where from_number = $1 and body like '%Weekend tasting%'
        order by to_number`,
      [sender],
    );
    expect(sent.rows.map((r) => r.to)).toEqual(US);
    expect(await carrierGot(ABROAD)).toEqual(before);

    const report = await t.get(`/api/reports/sent-messages/${run.id}`, { cookie });
    expect(report.json()).toMatchObject({ state: "completed", error: run.error });
    expect(report.json().counts.failed).toBe(2);
    const failed = (
      await t.get(`/api/reports/sent-messages/${run.id}/recipients?group=failed`, { cookie })
    ).json();
    expect(failed.total).toBe(2);
    for (const row of failed.rows) {
      expect(ABROAD).toContain(row.phone);
      expect(row).toMatchObject({
        status: "Send Rejected",
        errorCode: 90001,
        error: "Not sent: the account had too few international credits for texts abroad.",
        credits: 0,
      });
    }
    // Not sent later either: the refused deliveries are done, not waiting in the queue.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await carrierGot(ABROAD)).toEqual(before);
    const pending = await db.query(
      `select count(*)::int as n from messages where run_id = $1 and pending_dispatch`,
      [run.id],
    );
    expect(pending.rows[0].n).toBe(0);
    // Another account cannot read the report.
    const foreign = await t.get(`/api/reports/sent-messages/${run.id}/recipients`, {
      cookie: otherCookie,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("a text abroad the carrier refuses gives back both kinds of credits, once", async () => {
    await setBalances(100, 7);
    const run = await sendTo(["+14165550000"]);
    expect(run).toMatchObject({ recipients: 1, credits: 1 });
    const msg = await until(async () => {
      const r = await db.query<{ id: number; status: string }>(
        `select id::int, status from messages where run_id = $1 and not pending_dispatch`,
        [run.id],
      );
      return r.rows[0];
    });
    expect(msg.status).toBe("Invalid Number");
    const refunds = await until(async () => {
      const r = await db.query(
        `select kind, delta from credit_ledger where message_id = $1 and reason = 'refund'
          order by kind`,
        [msg.id],
      );
      return r.rows.length === 2 ? r.rows : null;
    });
    expect(refunds).toEqual([
      { kind: "international", delta: 1 },
      { kind: "standard", delta: 1 },
    ]);
    expect(await credits()).toEqual({ balance: 100, international: 7 });
  });

  it("a test text abroad keeps what it spent on its message, for a refund", async () => {
    await setBalances(100, 7);
    const res = await t.post(
      "/api/messages/test",
      { message: "Test", subscribers: "4165550125", isMMS: false },
      { cookie },
    );
    expect(res.statusCode).toBeLessThan(300);
    const row = await db.query(
      `select credits, international_credits as intl from messages
        where account_id = $1 and to_number = '+14165550125'`,
      [account.id],
    );
    expect(row.rows).toEqual([{ credits: 1, intl: 1 }]);
    expect(await credits()).toEqual({ balance: 99, international: 6 });
  });
});
