import { readFileSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";

// The per-subscriber click rollup (migration 0045) must say what counting link_clicks says,
// and clicks per subscriber must rank and count the same from it as from the clicks.
const t = await createTestServer();
const db = t.db.$client;
// Eastern Time: the report's days are New York days.
const a = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
const b = await buildAccountWithUser(t.db, { account: { timezoneId: 1 } });
const aCookie = await loginAs(t.app, a.user.username, a.user.password);
const bCookie = await loginAs(t.app, b.user.username, b.user.password);
const acct = a.account.id;

const newLink = async (accountId: number, code: string) =>
  Number(
    (
      await db.query<{ id: string }>(
        "insert into links (account_id, code, long_url) values ($1, $2, 'https://example.com') returning id",
        [accountId, `${code}${Math.random().toString(36).slice(2, 8)}`],
      )
    ).rows[0]!.id,
  );
const subs = (
  await db.query<{ id: string }>(
    `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
     select $1, '+1646555' || lpad(g::text, 4, '0'), 'Sub ' || g, now() from generate_series(1, 300) g
     returning id`,
    [acct],
  )
).rows.map((r) => Number(r.id));

/** The rollup and a count over link_clicks, as "account subscriber clicks last" lines. */
async function both() {
  const line = (r: { account_id: number; subscriber_id: string; n: number; last: string }) =>
    `${r.account_id} ${r.subscriber_id} ${r.n} ${r.last}`;
  const rolled = await db.query(
    `select account_id, subscriber_id, clicks as n, last_at::text as last from report_subscriber_clicks
     order by 1, 2`,
  );
  const counted = await db.query(
    `select account_id, subscriber_id, count(*)::int as n, max(clicked_at)::text as last
     from link_clicks where subscriber_id is not null group by 1, 2 order by 1, 2`,
  );
  return { rolled: rolled.rows.map(line), counted: counted.rows.map(line) };
}

describe("per-subscriber click rollup", () => {
  it("counts clicks as they come one by one or many at once, move and go with their link", async () => {
    const l1 = await newLink(acct, "rcA1");
    const l2 = await newLink(acct, "rcA2");
    const click = (link: number, sub: number | null, minutesAgo: number) =>
      db.query(
        `insert into link_clicks (link_id, account_id, subscriber_id, clicked_at)
         values ($1, $2, $3, now() - make_interval(mins => $4))`,
        [link, acct, sub, minutesAgo],
      );
    await click(l1, subs[0]!, 30);
    await click(l1, subs[0]!, 10);
    await click(l2, subs[0]!, 20);
    await click(l1, null, 5); // an anonymous click counts for nobody
    await db.query(
      `insert into link_clicks (link_id, account_id, subscriber_id, clicked_at)
       select $1, $2, s, now() - make_interval(mins => g) from unnest($3::bigint[]) s, generate_series(1, 3) g`,
      [l2, acct, subs.slice(1, 4)],
    );
    let now = await both();
    expect(now.rolled).toEqual(now.counted);
    expect(now.rolled).toHaveLength(4);
    // Link l1 deleted: its clicks leave with it, the subscriber's latest click was one of them.
    await db.query("delete from links where id = $1", [l1]);
    now = await both();
    expect(now.rolled).toEqual(now.counted);
    expect(now.rolled.find((x) => x.startsWith(`${acct} ${subs[0]} `))).toMatch(/ 1 /);
    // A click moved to another subscriber; the last of a subscriber's clicks gone.
    await db.query(
      "update link_clicks set subscriber_id = $1 where subscriber_id = $2 and account_id = $3",
      [subs[4], subs[1], acct],
    );
    await db.query("delete from link_clicks where subscriber_id = $1", [subs[2]]);
    now = await both();
    expect(now.rolled).toEqual(now.counted);
    expect(now.rolled.some((x) => x.startsWith(`${acct} ${subs[2]} `))).toBe(false);
    await db.query("delete from link_clicks where account_id = $1", [acct]);
    expect((await both()).rolled).toEqual([]);
  });

  it("loses no click when two transactions add to one subscriber at once", async () => {
    const link = await newLink(acct, "rcB1");
    const c1 = new pg.Client({ connectionString: t.databaseUrl });
    const c2 = new pg.Client({ connectionString: t.databaseUrl });
    await c1.connect();
    await c2.connect();
    try {
      const add = (c: pg.Client, n: number) =>
        c.query(
          `insert into link_clicks (link_id, account_id, subscriber_id)
           select $1, $2, $3 from generate_series(1, $4)`,
          [link, acct, subs[10], n],
        );
      await c1.query("begin");
      await c2.query("begin");
      await add(c1, 2);
      const waiting = add(c2, 3); // waits on the subscriber's row until c1 commits
      await new Promise((r) => setTimeout(r, 200));
      await c1.query("commit");
      await waiting;
      await c2.query("commit");
      // And one that goes away: its count leaves with it.
      await c1.query("begin");
      await add(c1, 4);
      await c1.query("rollback");
    } finally {
      await c1.end();
      await c2.end();
    }
    const now = await both();
    expect(now.rolled).toEqual(now.counted);
    expect(now.rolled.find((x) => x.startsWith(`${acct} ${subs[10]} `))).toMatch(/ 5 /);
  });

  it("is filled for the clicks there were before the triggers (the migration's backfill)", async () => {
    const link = await newLink(acct, "rcC1");
    await db.query(
      `insert into link_clicks (link_id, account_id, subscriber_id, clicked_at)
       select $1, $2, s, now() - make_interval(hours => g) from unnest($3::bigint[]) s, generate_series(1, 4) g`,
      [link, acct, subs.slice(20, 30)],
    );
    const kept = await both();
    const migration = readFileSync(
      new URL("../../db/migrations/0045_report_number_and_clicker_rollups.sql", import.meta.url),
      "utf8",
    );
    const from = migration.indexOf("-- Backfill of report_subscriber_clicks");
    await db.query("truncate report_subscriber_clicks");
    await db.query(migration.slice(from, migration.indexOf("--> statement-breakpoint", from)));
    const filled = await both();
    expect(filled.rolled).toEqual(filled.counted);
    expect(filled.rolled).toEqual(kept.rolled);
    expect(filled.rolled.length).toBeGreaterThanOrEqual(10);
  });
});

describe("clicks per subscriber from the rollup", () => {
  it("ranks and counts the last 30 days as the clicks themselves say, page by page", async () => {
    await db.query("delete from link_clicks where account_id = $1", [acct]);
    const l1 = await newLink(acct, "rcD1");
    const l2 = await newLink(acct, "rcD2");
    // 150 subscribers with many clicks 40 days ago (outside the days) and one inside: their
    // all-time figures put them first in the rollup, so the top of the range lies past the
    // first batches. 120 others with 1 to 4 clicks in the days, many of them tied (same count,
    // same instant), some on both links; 30 with old clicks only.
    await db.query(
      `insert into link_clicks (link_id, account_id, subscriber_id, clicked_at)
       select $1, $2, s, now() - interval '40 days' - make_interval(mins => g)
       from unnest($3::bigint[]) s, generate_series(1, 10) g`,
      [l1, acct, [...subs.slice(0, 150), ...subs.slice(270, 300)]],
    );
    await db.query(
      `insert into link_clicks (link_id, account_id, subscriber_id, clicked_at)
       select $1, $2, s, date_trunc('minute', now()) - interval '2 days' - make_interval(hours => (s % 3)::int)
       from unnest($3::bigint[]) s`,
      [l1, acct, subs.slice(0, 150)],
    );
    await db.query(
      `insert into link_clicks (link_id, account_id, subscriber_id, clicked_at)
       select case when g % 2 = 0 then $1::bigint else $4::bigint end, $2, s,
         date_trunc('minute', now()) - make_interval(hours => (s % 3)::int + g)
       from unnest($3::bigint[]) s, generate_series(1, 4) g where g <= 1 + s % 4`,
      [l1, acct, subs.slice(150, 270), l2],
    );
    // A subscriber deleted since keeps their row, without a name.
    await db.query("delete from subscribers where id = $1", [subs[151]]);
    const truth = await db.query<{ subscriber_id: string; n: number; links: number; last: string }>(
      `select subscriber_id, count(*)::int as n, count(distinct link_id)::int as links,
         to_char(max(clicked_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last
       from link_clicks
       where account_id = $1 and subscriber_id is not null
         and clicked_at >= ((now() at time zone 'America/New_York')::date - 29)::timestamp at time zone 'America/New_York'
       group by 1 order by 2 desc, max(clicked_at) desc, 1`,
      [acct],
    );
    expect(truth.rows).toHaveLength(270);
    const seen: { subscriberId: number; clicks: number; links: number; lastClickAt: string }[] = [];
    for (let page = 0; ; page++) {
      const res = await t.get(`/api/reports/link-clicks/subscribers?page=${page}&pageSize=40`, {
        cookie: aCookie,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(270);
      seen.push(...body.rows);
      if (body.rows.length < 40) break;
    }
    expect(seen.map((x) => `${x.subscriberId} ${x.clicks} ${x.links} ${x.lastClickAt}`)).toEqual(
      truth.rows.map((x) => `${x.subscriber_id} ${x.n} ${x.links} ${x.last}`),
    );
    const gone = seen.find((x) => x.subscriberId === subs[151]);
    expect(gone).toMatchObject({ phone: "", name: "" });
    expect(seen[0]).toMatchObject({ clicks: 4, phone: expect.stringMatching(/^\+1646555/) });
    // Days that end before the latest click are counted from the clicks: the same answer.
    const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
    const old = (
      await t.get(`/api/reports/link-clicks/subscribers?from=${day(45)}&to=${day(35)}`, {
        cookie: aCookie,
      })
    ).json();
    expect(old.total).toBe(180);
    expect(old.rows[0]).toMatchObject({ clicks: 10, links: 1 });
    // Another account sees none of it.
    const other = (await t.get("/api/reports/link-clicks/subscribers", { cookie: bCookie })).json();
    expect(other).toMatchObject({ total: 0, rows: [] });
  });
});
