import { readFileSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser } from "../../test/factories";
import { createTestServer } from "../../test/harness";

// The latest-text-per-number rollup (migration 0045) must say what looking through messages
// says, however texts arrive, move on, go back or go, and when two transactions race.
const t = await createTestServer();
const db = t.db.$client;
const a = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
const acct = a.account.id;

const TRUTH = `
  select distinct on (account_id, to_number) account_id, to_number, id::bigint as message_id,
    error_code
  from messages where direction = 'outbound' and status not in ('Queued', 'Sending')
  order by account_id, to_number, created_at desc, id desc`;

/** The rollup and the history's answer, as "account number message code" lines. */
async function both() {
  const line = (r: {
    account_id: number;
    to_number: string;
    message_id: string;
    error_code: number | null;
  }) => `${r.account_id} ${r.to_number} ${r.message_id} ${r.error_code ?? "-"}`;
  const rolled = await db.query(
    "select account_id, to_number, message_id, error_code from report_number_latest order by 1, 2",
  );
  const truth = await db.query(`select * from (${TRUTH}) x order by 1, 2`);
  return { rolled: rolled.rows.map(line), truth: truth.rows.map(line) };
}

async function text(
  to: string,
  status: string,
  minutesAgo: number,
  errorCode: number | null = null,
) {
  const res = await db.query<{ id: string }>(
    `insert into messages (account_id, direction, from_number, to_number, body, status, error_code,
       source, created_at, updated_at)
     values ($1, 'outbound', '+12125550100', $2, 'Hi', $3, $4, 'campaign',
       now() - make_interval(mins => $5), now() - make_interval(mins => $5))
     returning id`,
    [acct, to, status, errorCode, minutesAgo],
  );
  return Number(res.rows[0]!.id);
}

const latestOf = async (to: string) =>
  (
    await db.query<{ message_id: string; error_code: number | null }>(
      "select message_id, error_code from report_number_latest where account_id = $1 and to_number = $2",
      [acct, to],
    )
  ).rows.map((r) => ({ id: Number(r.message_id), code: r.error_code }))[0] ?? null;

describe("latest text per number rollup", () => {
  it("follows texts as they are queued, sent, answered by callbacks, put back and deleted", async () => {
    const x = "+13125550001";
    const y = "+13125550002";
    // A delivered text, then a newer one still queued: the delivered one is the latest final.
    const first = await text(x, "Delivered", 60);
    const second = await text(x, "Queued", 10);
    await text(y, "Queued", 5);
    // Replies and other accounts' numbers are not outbound texts of this number.
    await db.query(
      `insert into messages (account_id, direction, from_number, to_number, body, status, source)
       values ($1, 'inbound', $2, '+12125550100', 'Thanks!', 'Received', 'carrier')`,
      [acct, x],
    );
    expect(await latestOf(x)).toEqual({ id: first, code: null });
    expect(await latestOf(y)).toBeNull();
    // The dispatcher hands both to the carrier in one statement, then a callback fails x's.
    await db.query(
      "update messages set status = 'Sent' where account_id = $1 and status = 'Queued'",
      [acct],
    );
    expect(await latestOf(x)).toEqual({ id: second, code: null });
    await db.query("update messages set status = 'Undelivered', error_code = 30003 where id = $1", [
      second,
    ]);
    expect(await latestOf(x)).toEqual({ id: second, code: 30003 });
    // A late callback for the older text changes nothing.
    await db.query("update messages set status = 'Delivered', updated_at = now() where id = $1", [
      first,
    ]);
    expect(await latestOf(x)).toEqual({ id: second, code: 30003 });
    // Put back in the queue (a retry): the older final text is the latest again.
    await db.query("update messages set status = 'Queued', error_code = null where id = $1", [
      second,
    ]);
    expect(await latestOf(x)).toEqual({ id: first, code: null });
    let now = await both();
    expect(now.rolled).toEqual(now.truth);
    // Deleted: the one before it takes over; the last one gone takes the row.
    await db.query("update messages set status = 'Sent' where id = $1", [second]);
    await db.query("delete from messages where id = $1", [second]);
    expect(await latestOf(x)).toEqual({ id: first, code: null });
    await db.query("delete from messages where account_id = $1 and to_number = $2", [acct, x]);
    expect(await latestOf(x)).toBeNull();
    now = await both();
    expect(now.rolled).toEqual(now.truth);
    expect(now.rolled).toHaveLength(1);
  });

  it("keeps the newer text when two transactions write the same number at once", async () => {
    const z = "+13125550003";
    const older = new pg.Client({ connectionString: t.databaseUrl });
    const newer = new pg.Client({ connectionString: t.databaseUrl });
    await older.connect();
    await newer.connect();
    try {
      const insert = (c: pg.Client, minutesAgo: number, code: number | null) =>
        c.query<{ id: string }>(
          `insert into messages (account_id, direction, from_number, to_number, body, status,
             error_code, source, created_at)
           values ($1, 'outbound', '+12125550100', $2, 'Hi', $3, $4, 'campaign',
             now() - make_interval(mins => $5)) returning id`,
          [acct, z, code ? "Undelivered" : "Delivered", code, minutesAgo],
        );
      // Both orders: the newer text first (the older one waits for it, then yields), and the
      // older text first (the newer one waits, then takes the row).
      for (const newerFirst of [true, false]) {
        await older.query("begin");
        await newer.query("begin");
        const base = newerFirst ? 30 : 20;
        let newId: number;
        if (newerFirst) {
          newId = Number((await insert(newer, base - 5, 30003)).rows[0]!.id);
          const waiting = insert(older, base, null);
          await new Promise((r) => setTimeout(r, 200));
          await newer.query("commit");
          await waiting;
          await older.query("commit");
        } else {
          await insert(older, base, null);
          const waiting = insert(newer, base - 5, 30003);
          await new Promise((r) => setTimeout(r, 200));
          await older.query("commit");
          newId = Number((await waiting).rows[0]!.id);
          await newer.query("commit");
        }
        expect(await latestOf(z)).toEqual({ id: newId, code: 30003 });
      }
      const now = await both();
      expect(now.rolled).toEqual(now.truth);
    } finally {
      await older.end();
      await newer.end();
    }
  });

  it("is filled for the texts there were before the triggers (the migration's backfill)", async () => {
    for (let i = 0; i < 5; i++) {
      await text(
        `+1312555010${i}`,
        i % 2 ? "Undelivered" : "Delivered",
        50 - i,
        i % 2 ? 30006 : null,
      );
      await text(`+1312555010${i}`, "Delivered", 40 - i);
      await text(`+1312555010${i}`, "Queued", 1);
    }
    const kept = await both();
    expect(kept.rolled).toEqual(kept.truth);
    const migration = readFileSync(
      new URL("../../db/migrations/0045_report_number_and_clicker_rollups.sql", import.meta.url),
      "utf8",
    );
    const from = migration.indexOf("-- Backfill of report_number_latest");
    const backfill = migration.slice(from, migration.indexOf("--> statement-breakpoint", from));
    await db.query("truncate report_number_latest");
    expect((await both()).rolled).toEqual([]);
    await db.query(backfill);
    const filled = await both();
    expect(filled.rolled).toEqual(filled.truth);
    expect(filled.rolled).toEqual(kept.rolled);
    expect(filled.rolled.length).toBeGreaterThanOrEqual(6);
  });
});
