import { describe, expect, it } from "vitest";
import { buildAccountWithUser } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { insertDeliveries, insertRun, insertSend } from "../../test/send-factories";
import { failuresByCode } from "../analytics/analytics.queries";
import { StatusBatcher } from "../messages/status-batcher";
import { foldStatusCounts, statusCounts } from "./reports.queries";

// The per-run status rollup (migration 0040) must say what counting the run's messages says,
// whichever way messages arrive, move on or go.
const t = await createTestServer();
const db = t.db.$client;
const a = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
const acct = a.account.id;
const sendId = await insertSend(t.db, { accountId: acct, userId: a.user.id });
const runAt = new Date(Date.now() - 3_600_000);
const run = await insertRun(t.db, { sendId, accountId: acct, runAt });
const other = await insertRun(t.db, { sendId, accountId: acct, runAt: new Date(+runAt + 60_000) });

/** What the rollup says, and what a count over messages says, as status → n per run. */
async function both(runIds: number[]) {
  const rolled = (await statusCounts(t.db, runIds)).map((c) => [c.runId, c.status, c.n]);
  const counted = await db.query<{ run_id: string; status: string; n: number }>(
    `select run_id, status, count(*)::int as n from messages where run_id = any($1::bigint[])
      group by 1, 2`,
    [runIds],
  );
  const sort = (x: unknown[][]) => x.map((r) => r.join(" ")).sort();
  return {
    rolled: sort(rolled),
    counted: sort(counted.rows.map((r) => [Number(r.run_id), r.status, r.n])),
  };
}

async function idsOf(runId: number, status: string) {
  const res = await db.query<{ id: string; carrier_sid: string | null }>(
    `select id, carrier_sid from messages where run_id = $1 and status = $2 order by id`,
    [runId, status],
  );
  return res.rows.map((r) => Number(r.id));
}

describe("per-run status rollup", () => {
  it("counts new deliveries, their status callbacks and failures, replies and deletions", async () => {
    await insertDeliveries(t.db, { accountId: acct, runId: run, status: "Queued", n: 6 });
    await insertDeliveries(t.db, {
      accountId: acct,
      runId: other,
      status: "Queued",
      n: 2,
      firstLine: 100,
    });
    let now = await both([run, other]);
    expect(now.rolled).toEqual([`${run} Queued 6`, `${other} Queued 2`].sort());
    expect(now.rolled).toEqual(now.counted);

    // Handed to the carrier (the dispatcher's own write sets a sid and Sent).
    const queued = await idsOf(run, "Queued");
    await db.query(
      `update messages set status = 'Sent', carrier_sid = 'SM' || id, pending_dispatch = false
        where id = any($1::bigint[])`,
      [queued.slice(0, 5)],
    );
    // Status callbacks through the batcher: delivered, and failures with their codes.
    const batcher = new StatusBatcher(t.db);
    const sent = await idsOf(run, "Sent");
    const results = await Promise.all([
      batcher.apply({ id: sent[0]!, sid: `SM${sent[0]}`, status: "Delivered", errorCode: null }),
      batcher.apply({ id: sent[1]!, sid: `SM${sent[1]}`, status: "Delivered", errorCode: null }),
      batcher.apply({ id: sent[2]!, sid: `SM${sent[2]}`, status: "Undelivered", errorCode: 30003 }),
      batcher.apply({
        id: sent[3]!,
        sid: `SM${sent[3]}`,
        status: "Failed Landline Delivery",
        errorCode: 30006,
      }),
    ]);
    expect(results.map((r) => r.kind)).toEqual(["applied", "applied", "applied", "applied"]);
    // A repeated callback changes nothing.
    await batcher.apply({
      id: sent[0]!,
      sid: `SM${sent[0]}`,
      status: "Delivered",
      errorCode: null,
    });
    // A reply is no delivery of the run; a claim that moves no status adds nothing.
    await db.query(
      `insert into messages (account_id, direction, from_number, to_number, body, status, source)
       values ($1, 'inbound', '+12125550000', '+12125550100', 'Thanks!', 'Received', 'carrier')`,
      [acct],
    );
    const before = await db.query(`select count(*)::int as n from report_run_status`);
    await db.query(`update messages set attempts = attempts + 1 where run_id = $1`, [run]);
    const after = await db.query(`select count(*)::int as n from report_run_status`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
    now = await both([run, other]);
    expect(now.rolled).toEqual(
      [
        `${run} Queued 1`,
        `${run} Sent 1`,
        `${run} Delivered 2`,
        `${run} Undelivered 1`,
        `${run} Failed Landline Delivery 1`,
        `${other} Queued 2`,
      ].sort(),
    );
    expect(now.rolled).toEqual(now.counted);

    // Failures by code (analytics) from the same rollup.
    const codes = await db.query<{ code: number; count: number }>(
      `select error_code as code, count(*)::int as count from messages
        where run_id = any($1::bigint[]) and error_code is not null group by 1 order by 1`,
      [[run, other]],
    );
    expect(codes.rows).toEqual([
      { code: 30003, count: 1 },
      { code: 30006, count: 1 },
    ]);
    expect((await failuresByCode(t.db, [run, other])).sort((x, y) => x.code - y.code)).toEqual(
      codes.rows,
    );

    // Deleted (an account's messages go with it, migration 0013): the run's figures follow.
    await db.query(`delete from messages where run_id = $1 and status = 'Queued'`, [other]);
    await db.query(`delete from messages where id = $1`, [sent[0]]);
    now = await both([run, other]);
    expect(now.rolled).toEqual(now.counted);
    expect(now.rolled).not.toContain(`${other} Queued 2`);
    // The failure deleted with its message leaves the codes too.
    await db.query(`delete from messages where run_id = $1 and error_code = 30006`, [run]);
    expect(await failuresByCode(t.db, [run, other])).toEqual([{ code: 30003, count: 1 }]);
  });

  it("folds a run's rows into one per status without changing its figures", async () => {
    // Many small batches, as status callbacks of a big campaign come in.
    await insertDeliveries(t.db, {
      accountId: acct,
      runId: other,
      status: "Sent",
      n: 80,
      firstLine: 200,
    });
    for (const id of await idsOf(other, "Sent"))
      await db.query(`update messages set status = 'Delivered' where id = $1`, [id]);
    const rows = async () =>
      Number(
        (
          await db.query(`select count(*)::int as n from report_run_status where run_id = $1`, [
            other,
          ])
        ).rows[0].n,
      );
    expect(await rows()).toBeGreaterThan(80);
    const now = await both([other]);
    expect(now.rolled).toEqual([`${other} Delivered 80`]);
    expect(now.rolled).toEqual(now.counted);
    // Reading it folded the pile (Sent netted to nothing and left).
    expect(await rows()).toBe(1);
    await foldStatusCounts(t.db, [other]);
    expect(await rows()).toBe(1);
    expect((await both([other])).rolled).toEqual([`${other} Delivered 80`]);
  });
});
