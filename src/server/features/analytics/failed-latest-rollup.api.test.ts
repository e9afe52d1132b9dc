import { readFileSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { insertRun, insertSend } from "../../test/send-factories";

// The latest failure per subscriber and code (migration 0047) must say what looking through
// messages says, however failures arrive, change, go, or their subscriber goes.
const t = await createTestServer();
const db = t.db.$client;
const a = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
const acct = a.account.id;

const TRUTH = `
  select distinct on (m.account_id, m.error_code, m.subscriber_id) m.account_id, m.error_code,
    m.subscriber_id, m.run_id, m.id as message_id
  from messages m
  where m.error_code is not null and m.run_id is not null and m.subscriber_id is not null
    and exists (select 1 from subscribers s where s.id = m.subscriber_id)
  order by m.account_id, m.error_code, m.subscriber_id, m.created_at desc, m.id desc`;

/** The rollup and the history's answer, as "account code subscriber run message" lines. */
async function both() {
  const line = (r: Record<string, string | number>) =>
    `${r.account_id} ${r.error_code} ${r.subscriber_id} ${r.run_id} ${r.message_id}`;
  const rolled = await db.query(
    "select account_id, error_code, subscriber_id, run_id, message_id from report_failed_latest order by 1, 2, 3",
  );
  const truth = await db.query(`select * from (${TRUTH}) x order by 1, 2, 3`);
  return { rolled: rolled.rows.map(line), truth: truth.rows.map(line) };
}

async function subscriber(phone: string) {
  const res = await db.query<{ id: string }>(
    `insert into subscribers (account_id, phone, marketing_consent_at) values ($1, $2, now()) returning id`,
    [acct, phone],
  );
  return Number(res.rows[0]!.id);
}

async function run(text: string) {
  const sendId = await insertSend(t.db, { accountId: acct, userId: a.user.id, text });
  return insertRun(t.db, { sendId, accountId: acct, runAt: new Date(), text });
}

async function text(
  c: pg.Client | pg.Pool,
  runId: number,
  subscriberId: number,
  minutesAgo: number,
  code: number | null,
) {
  const res = await c.query<{ id: string }>(
    `insert into messages (account_id, direction, from_number, to_number, body, status, error_code,
       source, run_id, subscriber_id, created_at)
     select $1, 'outbound', '+12125550100', s.phone, 'Hi', $2, $3, 'campaign', $4, s.id,
       now() - make_interval(mins => $5)
     from subscribers s where s.id = $6
     returning id`,
    [acct, code ? "Undelivered" : "Sending", code, runId, minutesAgo, subscriberId],
  );
  return Number(res.rows[0]!.id);
}

const latest = async (subscriberId: number, code: number) =>
  (
    await db.query<{ run_id: string; message_id: string }>(
      "select run_id, message_id from report_failed_latest where subscriber_id = $1 and error_code = $2",
      [subscriberId, code],
    )
  ).rows.map((r) => ({ run: Number(r.run_id), message: Number(r.message_id) }))[0] ?? null;

describe("latest failure per subscriber and code rollup", () => {
  it("follows failures as they arrive by insert or callback, change, go, and as subscribers go", async () => {
    const [r1, r2, r3] = [await run("One"), await run("Two"), await run("Three")];
    const ana = await subscriber("+13125550301");
    const bo = await subscriber("+13125550302");
    // A failure on insert, then a newer one by a status callback: the newer run wins.
    const m1 = await text(db, r1, ana, 60, 30003);
    expect(await latest(ana, 30003)).toEqual({ run: r1, message: m1 });
    const m2 = await text(db, r2, ana, 30, null);
    expect(await latest(ana, 30003)).toEqual({ run: r1, message: m1 });
    await db.query("update messages set status = 'Undelivered', error_code = 30003 where id = $1", [
      m2,
    ]);
    expect(await latest(ana, 30003)).toEqual({ run: r2, message: m2 });
    // An older failure coming in late does not take the row; another code has its own.
    await text(db, r3, ana, 90, 30003);
    const m4 = await text(db, r3, ana, 90, 30005);
    expect(await latest(ana, 30003)).toEqual({ run: r2, message: m2 });
    expect(await latest(ana, 30005)).toEqual({ run: r3, message: m4 });
    // A failure that loses its code, or goes, gives the row back to the one before.
    await db.query("update messages set error_code = null, status = 'Delivered' where id = $1", [
      m2,
    ]);
    expect(await latest(ana, 30003)).toEqual({ run: r1, message: m1 });
    await db.query("delete from messages where id = $1", [m1]);
    expect((await latest(ana, 30003))?.run).toBe(r3);
    // Rows without a run or a subscriber are not campaign failures of anyone.
    await db.query(
      `insert into messages (account_id, direction, from_number, to_number, body, status, error_code, source)
       values ($1, 'outbound', '+12125550100', '+13125550399', 'Hi', 'Undelivered', 30003, 'inbox')`,
      [acct],
    );
    const now = await both();
    expect(now.rolled).toEqual(now.truth);
    // A deleted subscriber's rows go with them (their messages stay, for the history).
    await text(db, r1, bo, 10, 30003);
    expect(await latest(bo, 30003)).not.toBeNull();
    await db.query("delete from subscribers where id = $1", [bo]);
    expect(await latest(bo, 30003)).toBeNull();
    const after = await both();
    expect(after.rolled).toEqual(after.truth);
  });

  it("keeps the newer failure when two transactions write the same subscriber at once", async () => {
    const r = await run("Race");
    const cy = await subscriber("+13125550303");
    const older = new pg.Client({ connectionString: t.databaseUrl });
    const newer = new pg.Client({ connectionString: t.databaseUrl });
    await older.connect();
    await newer.connect();
    try {
      for (const newerFirst of [true, false]) {
        const base = newerFirst ? 30 : 20;
        await older.query("begin");
        await newer.query("begin");
        let newId: number;
        if (newerFirst) {
          newId = await text(newer, r, cy, base - 5, 30003);
          const waiting = text(older, r, cy, base, 30003);
          await new Promise((res) => setTimeout(res, 200));
          await newer.query("commit");
          await waiting;
          await older.query("commit");
        } else {
          await text(older, r, cy, base, 30003);
          const waiting = text(newer, r, cy, base - 5, 30003);
          await new Promise((res) => setTimeout(res, 200));
          await older.query("commit");
          newId = await waiting;
          await newer.query("commit");
        }
        expect((await latest(cy, 30003))?.message).toBe(newId);
      }
    } finally {
      await older.end();
      await newer.end();
    }
  });

  it("is filled for the failures there were before the triggers (the migration's backfill)", async () => {
    const kept = await both();
    expect(kept.rolled.length).toBeGreaterThanOrEqual(3);
    const migration = readFileSync(
      new URL("../../db/migrations/0047_failed_numbers_rollup.sql", import.meta.url),
      "utf8",
    );
    const from = migration.indexOf("-- Backfill:");
    const backfill = migration.slice(from, migration.indexOf("--> statement-breakpoint", from));
    await db.query("truncate report_failed_latest");
    expect((await both()).rolled).toEqual([]);
    await db.query(backfill);
    const filled = await both();
    expect(filled.rolled).toEqual(filled.truth);
    expect(filled.rolled).toEqual(kept.rolled);
  });
});
