import { beforeAll, describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { killed, running, workerProcesses } from "../../test/worker-process";
import { queueMessage } from "../outbound/outbound.service";

/**
 * A worker process (npm start --role=worker) is killed with SIGKILL in the middle of a campaign,
 * during dispatch and during fan-out; a second worker finishes the work. The emulator, mounted in
 * this test's server, counts what really reached the carrier: every recipient exactly once.
 */
const t = await createTestServer({
  listen: true,
  pipeline: false,
  env: { EMULATOR_LATENCY_MS: "50", EMULATOR_MPS_LONG_CODE: "100000" },
});
const db = t.db.$client;
const { account, user } = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, user.username, user.password);
let sender = "";

// The claim lasts two carrier timeouts (11 s): a killed worker's texts are claimed again then.
const workerSet = workerProcesses(t, { CARRIER_TIMEOUT_MS: "5000" });
const startWorker = (env: Record<string, string> = {}) => workerSet.start(env);
const workers = workerSet.workers;

async function until<T>(fn: () => Promise<T | null | undefined | false>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting; ${await pipelineState()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the pipeline holds, for a timeout's message. */
async function pipelineState() {
  const runs = await db.query("select id, status, recipients, error from send_runs");
  const msgs = await db.query(
    `select count(*)::int as n, count(*) filter (where pending_dispatch)::int as pending,
            count(*) filter (where claimed_until > now())::int as claimed, max(attempts) as attempts
       from messages where run_id is not null`,
  );
  const statuses = await db.query(
    "select status, error_code, count(*)::int as n from messages group by 1, 2",
  );
  return JSON.stringify({
    runs: runs.rows,
    messages: msgs.rows[0],
    statuses: statuses.rows,
    emu: await received(),
  });
}

const received = async () =>
  (
    await db.query<{ n: number; distinct: number }>(
      `select count(*)::int as n, count(distinct to_number)::int as distinct
         from emu_messages where from_number = $1 and direction = 'outbound-api'`,
      [sender],
    )
  ).rows[0]!;

beforeAll(async () => {
  const [first] = await t.ctx.carrier.searchNumbers({ areaCode: "646", tollFree: false, limit: 1 });
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
  await db.query(
    `insert into account_credits (account_id, balance, period_allowance) values ($1, 1000000, 1000000)`,
    [account.id],
  );
});

describe("a worker killed mid-campaign", () => {
  it("during dispatch, with one-to-one replies sharing the number: the next worker sends the rest, nobody twice", async () => {
    // The emulator ignores idempotency keys (as Twilio may): only the dispatcher's look-up at the
    // carrier before a resend keeps a message whose first try was cut off from going twice.
    const total = 2000;
    const replies = 400;
    const numberId = (
      await db.query<{ id: number }>(`select id from phone_numbers where number = $1`, [sender])
    ).rows[0]!.id;
    await db.query(
      `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
       select $1, '+1917555' || i, 'S' || i, now() from generate_series(5000, 4999 + $2) i`,
      [account.id, total],
    );
    const first = startWorker();
    const res = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Flash sale" },
      { cookie },
    );
    expect(res.statusCode).toBe(201);
    const replyIds: number[] = [];
    for (let i = 0; i < replies; i++) {
      const q = await queueMessage(t.ctx, {
        accountId: account.id,
        from: { id: numberId, number: sender },
        to: `+1332555${1000 + i}`,
        body: `Your order ${i} is ready`,
        source: "inbox",
      });
      replyIds.push(q.id);
    }
    await until(async () => ((await received()).n >= 300 ? true : null));
    await killed(first);
    const atKill = (await received()).n;
    expect(atKill).toBeLessThan(total);

    startWorker();
    await until(async () => {
      const r = await db.query(`select status from send_runs where send_id = $1`, [res.json().id]);
      return r.rows[0]?.status === "completed" ? true : null;
    });
    await until(async () => {
      const r = await db.query(
        `select count(*)::int as n from messages where id = any($1::bigint[]) and pending_dispatch`,
        [replyIds],
      );
      return r.rows[0].n === 0 ? true : null;
    });
    const after = await received();
    expect(after).toEqual({ n: total + replies, distinct: total + replies });
    const sent = await db.query(
      `select count(carrier_sid)::int as sids from messages where id = any($1::bigint[])`,
      [replyIds],
    );
    expect(sent.rows[0]).toEqual({ sids: replies });
    const rows = await db.query(
      `select count(*)::int as n, count(carrier_sid)::int as sids, count(*) filter (where pending_dispatch)::int as pending
         from messages m join send_runs r on r.id = m.run_id where r.send_id = $1`,
      [res.json().id],
    );
    expect(rows.rows[0]).toEqual({ n: total, sids: total, pending: 0 });
    for (const w of workers) if (running(w)) await killed(w);
  }, 300_000);

  it("during fan-out: the transaction rolls back and the run is fanned out once", async () => {
    await db.query("delete from subscribers where account_id = $1", [account.id]);
    const total = 60_000;
    await db.query(
      `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
       select $1, '+1718' || (2000000 + i), 'F' || i, now() from generate_series(1000, 999 + $2) i`,
      [account.id, total],
    );
    // Paced at one message a second, so this test watches the fan-out, not a long dispatch.
    const paced = { SEND_MPS_LONG_CODE: "1" };
    const first = startWorker(paced);
    const res = await t.post(
      "/api/sends",
      { isSubscribers: "all", message: "Hi [first name]" },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    const sendId = res.json().id;
    // Kill it while its fan-out statement is running.
    await until(async () => {
      const q = await db.query(
        `select 1 from pg_stat_activity where state = 'active' and query like '%insert into messages%'
            and pid <> pg_backend_pid()`,
      );
      return q.rowCount ? true : null;
    });
    await killed(first);
    const run = await until(async () => {
      const r = await db.query(
        `select r.id, r.status, (select count(*)::int from messages m where m.run_id = r.id) as n
           from send_runs r where r.send_id = $1`,
        [sendId],
      );
      // The dead backend's transaction is gone once the server notices the closed connection.
      const busy = await db.query(
        `select 1 from pg_stat_activity where query like '%insert into messages%' and state = 'active' and pid <> pg_backend_pid()`,
      );
      return busy.rowCount ? null : r.rows[0];
    });
    expect(run).toMatchObject({ status: "pending", n: 0 });

    startWorker(paced);
    const done = await until(async () => {
      const r = await db.query(
        `select status, recipients, (select count(*)::int from messages m where m.run_id = r.id) as n,
                (select count(distinct to_number)::int from messages m where m.run_id = r.id) as distinct
           from send_runs r where r.send_id = $1`,
        [sendId],
      );
      return r.rows[0]?.status === "dispatching" ? r.rows[0] : null;
    });
    expect(done).toMatchObject({ recipients: total, n: total, distinct: total });
    const ledger = await db.query(
      `select count(*)::int as n, sum(-delta)::int as credits from credit_ledger where run_id = $1 and reason = 'reserve'`,
      [run.id],
    );
    expect(ledger.rows[0]).toEqual({ n: 1, credits: total });
  }, 300_000);
});
