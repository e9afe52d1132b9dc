import { readFileSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";

// Cohorts read the sign-up rollup (migration 0045) and the suppressions of the moment: they must
// say what counting the subscribers says, whichever way subscribers and suppressions change,
// also in separate transactions at once.
const t = await createTestServer();
const db = t.db.$client;
const TZ = "America/New_York";
const a = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
const cookie = await loginAs(t.app, a.user.username, a.user.password);
const acct = a.account.id;
await db.query(
  `insert into account_settings (account_id, name, value) values ($1, 'advanced_reporting', 'true'::jsonb)`,
  [acct],
);

/** The API's cohorts, and a count over subscribers of the same twelve months. */
async function both() {
  const res = await t.get("/api/analytics/cohorts", { cookie });
  expect(res.statusCode).toBe(200);
  const counted = await db.query<{ month: string; joined: number; still: number }>(
    `select to_char(date_trunc('month', s.created_at at time zone $2), 'YYYY-MM') as month,
       count(*)::int as joined,
       (count(*) filter (where not exists (select 1 from suppressions x
         where x.account_id = s.account_id and x.phone = s.phone)))::int as still
     from subscribers s
     where s.account_id = $1 and s.marketing_consent_at is not null
       and (s.created_at at time zone $2) >= date_trunc('month', now() at time zone $2) - interval '11 months'
     group by 1 order by 1`,
    [acct, TZ],
  );
  return {
    got: res
      .json()
      .cohorts.map((c: { month: string; joined: number; stillSubscribed: number }) =>
        [c.month, c.joined, c.stillSubscribed].join(" "),
      ),
    counted: counted.rows.map((r) => [r.month, r.joined, r.still].join(" ")),
  };
}

const join = (phone: string, daysAgo: number, consent = true) =>
  db.query(
    `insert into subscribers (account_id, phone, marketing_consent_at, created_at)
     values ($1, $2, case when $4 then now() end, now() - make_interval(days => $3))`,
    [acct, phone, daysAgo, consent],
  );

describe("cohorts from the sign-up rollup", () => {
  it("follows sign-ups, consent withdrawn, deletions and opt-outs", async () => {
    await db.query(
      `insert into subscribers (account_id, phone, marketing_consent_at, created_at)
       select $1, '+1718555' || lpad(g::text, 4, '0'), now(), now() - make_interval(days => g)
       from generate_series(0, 400, 3) g`,
      [acct],
    );
    await join("+17185559001", 5, false); // no consent: in no cohort
    let now = await both();
    expect(now.got).toEqual(now.counted);
    expect(now.got.length).toBeGreaterThanOrEqual(12);
    // Consent withdrawn, given, a join date moved, deletions, opt-outs and blocks.
    await db.query(
      `update subscribers set marketing_consent_at = null where account_id = $1 and phone like '%03'`,
      [acct],
    );
    await db.query(
      `update subscribers set marketing_consent_at = now() where account_id = $1 and phone = '+17185559001'`,
      [acct],
    );
    await db.query(
      `update subscribers set created_at = created_at - interval '40 days'
       where account_id = $1 and phone like '%6'`,
      [acct],
    );
    await db.query(`update subscribers set first_name = 'Ann' where account_id = $1`, [acct]);
    await db.query(`delete from subscribers where account_id = $1 and phone like '%9'`, [acct]);
    await db.query(
      `insert into suppressions (account_id, phone, reason)
       select account_id, phone, 'opted_out' from subscribers where account_id = $1 and phone like '%2'
       union all
       select account_id, phone, 'blocked' from subscribers where account_id = $1 and phone like '%12'`,
      [acct],
    );
    now = await both();
    expect(now.got).toEqual(now.counted);
    // A suppression lifted.
    await db.query(
      `delete from suppressions where account_id = $1 and phone like '%2' and reason = 'opted_out'`,
      [acct],
    );
    now = await both();
    expect(now.got).toEqual(now.counted);
  });

  it("stays right when a subscriber and their opt-out are written at once", async () => {
    const s1 = new pg.Client({ connectionString: t.databaseUrl });
    const s2 = new pg.Client({ connectionString: t.databaseUrl });
    await s1.connect();
    await s2.connect();
    try {
      await s1.query("begin");
      await s2.query("begin");
      await s1.query(
        `insert into subscribers (account_id, phone, marketing_consent_at, created_at)
         values ($1, '+17185558001', now(), now())`,
        [acct],
      );
      await s2.query(
        `insert into suppressions (account_id, phone, reason) values ($1, '+17185558001', 'opted_out')`,
        [acct],
      );
      await s2.query("commit");
      await s1.query("commit");
    } finally {
      await s1.end();
      await s2.end();
    }
    const now = await both();
    expect(now.got).toEqual(now.counted);
  });

  it("is filled for the subscribers there were before the triggers, and folds its rows", async () => {
    // Sign-ups one by one, as keywords bring them: a row each until a reader folds them.
    for (let i = 0; i < 400; i++) await join(`+1718556${String(i).padStart(4, "0")}`, 1);
    const rows = async () =>
      Number(
        (
          await db.query(
            "select count(*)::int as n from report_subscriber_joins where account_id = $1",
            [acct],
          )
        ).rows[0].n,
      );
    const piled = await rows();
    let now = await both();
    expect(now.got).toEqual(now.counted);
    expect(await rows()).toBeLessThan(piled);
    now = await both();
    expect(now.got).toEqual(now.counted);
    const migration = readFileSync(
      new URL("../../db/migrations/0045_report_number_and_clicker_rollups.sql", import.meta.url),
      "utf8",
    );
    const from = migration.indexOf("-- Backfill of report_subscriber_joins");
    await db.query("truncate report_subscriber_joins");
    expect((await both()).got).toEqual([]);
    await db.query(migration.slice(from, migration.indexOf("--> statement-breakpoint", from)));
    now = await both();
    expect(now.got).toEqual(now.counted);
    expect(now.got.length).toBeGreaterThanOrEqual(12);
  });
});
