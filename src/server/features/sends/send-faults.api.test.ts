import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startTwilioStandIn } from "../../test/twilio-stand-in";
import { claimDue } from "../outbound/dispatch-claim";
import { fanOutNextRun } from "./fan-out";
import { startPipeline } from "./pipeline";
import { startDueSends } from "./scheduler";

/**
 * One bad result must not stall the others, and a dead worker's claims must not stall a run for
 * long. A Twilio-compatible carrier of our own: it can answer a send with a sid that already
 * belongs to another message, refuse one send with a 503 before taking it, and hold its answers
 * until a whole batch has arrived (so the dispatcher records them together).
 */
const sidFor = new Map<string, string>();
const untaken = new Set<string>();
let holdUntil = 0;
let held: (() => void)[] = [];
const carrier = await startTwilioStandIn({
  refuse: (to) => untaken.delete(to),
  sidFor: (to) => sidFor.get(to),
  respond: (_text, _res, created) => {
    held.push(created);
    if (held.length >= holdUntil) {
      for (const answer of held) answer();
      held = [];
    }
  },
});
const { created } = carrier;

// The claim's length is the default (DISPATCH_LEASE_SECONDS unset): what an operator gets.
const t = await createTestServer({
  listen: true,
  pipeline: false,
  env: {
    TWILIO_ACCOUNT_SID: `AC${"2".repeat(32)}`,
    PAYMENTS: "test",
    TWILIO_AUTH_TOKEN: "send-faults-token-123",
    TWILIO_API_BASE: carrier.url,
    CARRIER_TIMEOUT_MS: "1000",
    SEND_MPS_LONG_CODE: "1000",
  },
});
const db = t.db.$client;

/** An account with a number, credits and `phones` as consenting subscribers. */
async function sender(from: string, phones: string[]) {
  const { account, user } = await buildAccountWithUser(t.db);
  const cookie = await loginAs(t.app, user.username, user.password);
  await db.query(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, $3, true)`,
    [account.id, from, `PN${from.slice(1)}`],
  );
  await db.query(
    `insert into account_credits (account_id, balance, period_allowance) values ($1, 1000, 1000)`,
    [account.id],
  );
  for (const phone of phones)
    await db.query(
      `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
       values ($1, $2, 'S', now())`,
      [account.id, phone],
    );
  return { account, cookie };
}

async function send(cookie: string, message: string): Promise<number> {
  const res = await t.post("/api/sends", { isSubscribers: "all", message }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function until<T>(what: string, fn: () => Promise<T | null>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const runCompleted = (sendId: number, ms: number) =>
  until(
    `send ${sendId}'s run to complete`,
    async () => {
      const r = await db.query(`select id, status from send_runs where send_id = $1`, [sendId]);
      return r.rows[0]?.status === "completed" ? (r.rows[0].id as number) : null;
    },
    ms,
  );

const deliveries = async (runId: number) =>
  (
    await db.query(
      `select to_number as to, carrier_sid as sid, status, error_code as code,
              pending_dispatch as pending
         from messages where run_id = $1 order by to_number`,
      [runId],
    )
  ).rows;

const textsTo = (to: string) => created.filter((m) => m.to === to).length;

describe("one bad result stalls nothing else", () => {
  it("a carrier sid that belongs to another message fails that delivery alone; the batch is recorded and nobody is texted twice", async () => {
    const from = "+12125550301";
    const phones = ["+12125550311", "+12125550312", "+12125550313", "+12125550314"];
    const { account, cookie } = await sender(from, phones);
    // An earlier message holds the sid the carrier will answer again for the third recipient.
    await db.query(
      `insert into messages (account_id, direction, from_number, to_number, body, status, carrier_sid)
       values ($1, 'outbound', $2, '+12125550399', 'Earlier', 'Delivered', 'SMtaken000000000000000000000000001')`,
      [account.id, from],
    );
    sidFor.set(phones[2]!, "SMtaken000000000000000000000000001");
    // All four answers come together: they are written down in one batch.
    holdUntil = phones.length;
    const pipeline = startPipeline(t.ctx);
    try {
      const runId = await runCompleted(await send(cookie, "Spring sale"), 15_000);
      const rows = await deliveries(runId);
      expect(rows.filter((r) => r.to !== phones[2])).toEqual(
        phones
          .filter((p) => p !== phones[2])
          .map((to) => ({
            to,
            sid: created.find((m) => m.to === to)!.sid,
            status: "Queued",
            code: null,
            pending: false,
          })),
      );
      expect(rows.find((r) => r.to === phones[2])).toEqual({
        to: phones[2],
        sid: null,
        status: "Sending Failed",
        code: 90002,
        pending: false,
      });
      for (const to of phones) expect(textsTo(to)).toBe(1);
      const owner = await db.query(
        `select to_number from messages where carrier_sid = 'SMtaken000000000000000000000000001'`,
      );
      expect(owner.rows).toEqual([{ to_number: "+12125550399" }]);
      // Its report says what happened, in words.
      const report = await t.get(`/api/reports/sent-messages/${runId}/recipients`, { cookie });
      expect(report.statusCode, report.body).toBe(200);
      expect(report.body).toContain("belongs to another message");
    } finally {
      holdUntil = 0;
      await pipeline.stop();
    }
  });

  it("a retry after an unknown outcome does not take another message's identical text at the carrier for its own", async () => {
    const from = "+12125550401";
    const to = "+12125550411";
    const { cookie } = await sender(from, [to]);
    const pipeline = startPipeline(t.ctx);
    try {
      const firstRun = await runCompleted(await send(cookie, "Weekly special"), 15_000);
      // The same words to the same person again; its first try gets a 503 (nothing taken), so
      // the next try asks the carrier, which lists the first send's text.
      untaken.add(to);
      const secondRun = await runCompleted(await send(cookie, "Weekly special"), 15_000);
      const [first] = await deliveries(firstRun);
      const [second] = await deliveries(secondRun);
      expect(textsTo(to)).toBe(2);
      expect(second.sid).not.toBe(first.sid);
      expect(created.filter((m) => m.to === to).map((m) => m.sid)).toEqual([first.sid, second.sid]);
      expect(second).toMatchObject({ status: "Queued", code: null, pending: false });
    } finally {
      await pipeline.stop();
    }
  });
});

describe("a worker that dies holding a run's deliveries", () => {
  it("another worker sends them within the claim's length, each once", async () => {
    const from = "+12125550501";
    const phones = Array.from({ length: 6 }, (_, i) => `+1212555052${i}`);
    const { cookie } = await sender(from, phones);
    const sendId = await send(cookie, "Doors open at 9");
    // The dead worker: it started the send, fanned it out and claimed every delivery, then
    // vanished without a word (nothing of it runs any more).
    await startDueSends(t.ctx);
    expect((await fanOutNextRun(t.ctx)).kind).toBe("done");
    const claimed = await claimDue(t.ctx, 100);
    expect(claimed).toHaveLength(phones.length);
    const diedAt = Date.now();

    const pipeline = startPipeline(t.ctx);
    try {
      // The default claim is short (two carrier timeouts, at least 10 s): well under a minute.
      await runCompleted(sendId, 25_000);
      expect(Date.now() - diedAt).toBeLessThan(25_000);
      for (const to of phones) expect(textsTo(to)).toBe(1);
      // The survivor asked the carrier before sending each one (the dead one might have sent it).
      expect(carrier.lookups).toBeGreaterThanOrEqual(phones.length);
    } finally {
      await pipeline.stop();
    }
  }, 40_000);
});
