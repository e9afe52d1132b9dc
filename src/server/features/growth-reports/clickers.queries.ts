import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import type { Range } from "./growth-reports.queries";

/**
 * Clicks per subscriber on the account's tracked links in a range, most first (ties: the later
 * last click, then the lower id), with how many subscribers clicked.
 */
export interface ClickerRow {
  subscriberId: number;
  phone: string;
  firstName: string;
  lastName: string;
  clicks: number;
  links: number;
  lastClickAt: Date;
}

/** Past this many rows before a page's end, ranking from the rollup stops paying off. */
const RANKED_FROM_ROLLUP = 1_000;

const startOf = (r: Range) => sql`(${r.from}::date)::timestamp at time zone ${r.tz}`;
const endOf = (r: Range) => sql`(${r.to}::date + 1)::timestamp at time zone ${r.tz}`;

export async function clicksBySubscriber(
  db: Db,
  r: Range,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: ClickerRow[] }> {
  return (
    (page.offset + page.limit <= RANKED_FROM_ROLLUP && (await fromRollup(db, r, page))) ||
    (await fromClicks(db, r, page))
  );
}

/** lastAt in microseconds since 1970 (PostgreSQL's precision; exact in a double until 2255). */
type Key = { clicks: number; lastAt: number; id: number };
/** Report order: more clicks, then a later last click, then the lower subscriber id. */
const before = (x: Key, y: Key) =>
  x.clicks !== y.clicks
    ? x.clicks > y.clicks
    : x.lastAt !== y.lastAt
      ? x.lastAt > y.lastAt
      : x.id < y.id;
const micros = (col: SQL) => sql`(extract(epoch from ${col}) * 1000000)::bigint`;
const fromMicros = (us: number) =>
  sql`('epoch'::timestamptz + ${String(us)}::bigint * interval '1 microsecond')`;

/**
 * From the per-subscriber rollup (migration 0045), when the range reaches the account's latest
 * click (the report's usual last 30 days): then a subscriber clicked in it exactly when their
 * latest click is in it (the total, one index range), and their click count and latest click
 * all time bound what the range holds. Subscribers are taken in the rollup's order, a batch at
 * a time, and only theirs are counted in the range; once the last one taken is not before the
 * page's last row, nobody further down can reach the page. Null when the range ends earlier.
 */
async function fromRollup(db: Db, r: Range, page: { limit: number; offset: number }) {
  const head = await db.execute<{ reaches: boolean | null; total: string }>(sql`
    select (select max(last_at) from report_subscriber_clicks
            where account_id = ${r.accountId}) < ${endOf(r)} as reaches,
      (select count(*) from report_subscriber_clicks
       where account_id = ${r.accountId} and last_at >= ${startOf(r)}) as total`);
  const reaches = head.rows[0]?.reaches;
  const total = Number(head.rows[0]?.total ?? 0);
  if (reaches === false) return null;
  if (reaches === null || total === 0) return { total: 0, rows: [] };
  const want = page.offset + page.limit;
  const batch = Math.max(100, want * 2);
  const found: (Key & { links: number })[] = [];
  let after: Key | null = null;
  for (;;) {
    const at = after && fromMicros(after.lastAt);
    const keyset: SQL = after
      ? sql`and (s.clicks < ${after.clicks} or (s.clicks = ${after.clicks} and (s.last_at < ${at}
          or (s.last_at = ${at} and s.subscriber_id > ${after.id}))))`
      : sql``;
    const res = await db.execute<{
      subscriber_id: string;
      bound: number;
      bound_at: string;
      n: string;
      links: string;
      last_at: string | null;
    }>(sql`
      select s.subscriber_id, s.clicks as bound, ${micros(sql`s.last_at`)} as bound_at, x.n, x.links,
        ${micros(sql`x.last_at`)} as last_at
      from (
        select subscriber_id, clicks, last_at from report_subscriber_clicks s
        where s.account_id = ${r.accountId} and s.last_at >= ${startOf(r)} ${keyset}
        order by s.clicks desc, s.last_at desc, s.subscriber_id
        limit ${batch}
      ) s
      cross join lateral (
        select count(*) as n, count(distinct c.link_id) as links, max(c.clicked_at) as last_at
        from link_clicks c
        where c.account_id = ${r.accountId} and c.subscriber_id = s.subscriber_id
          and c.clicked_at >= ${startOf(r)} and c.clicked_at < ${endOf(r)}
      ) x
      order by s.clicks desc, s.last_at desc, s.subscriber_id`);
    for (const x of res.rows)
      if (Number(x.n) > 0)
        found.push({
          id: Number(x.subscriber_id),
          clicks: Number(x.n),
          lastAt: Number(x.last_at),
          links: Number(x.links),
        });
    found.sort((x, y) => (before(x, y) ? -1 : 1));
    const tail = res.rows[res.rows.length - 1];
    if (!tail || res.rows.length < batch) break;
    // The last one taken bounds everyone not taken yet, in the rollup's order (the report's,
    // ids included): once it is not before the page's last row, nobody further can be.
    after = {
      clicks: Number(tail.bound),
      lastAt: Number(tail.bound_at),
      id: Number(tail.subscriber_id),
    };
    const last = found[want - 1];
    if (last && !before(after, last)) break;
  }
  const rows = found.slice(page.offset, want);
  return { total, rows: await withNames(db, r, rows) };
}

/** Names and numbers of a page's subscribers (a deleted one keeps its row, without them). */
async function withNames(db: Db, r: Range, rows: (Key & { links: number })[]) {
  if (rows.length === 0) return [];
  const ids = sql`array[${sql.join(
    rows.map((x) => x.id),
    sql`, `,
  )}]::bigint[]`;
  const res = await db.execute<{
    id: string;
    phone: string;
    first_name: string | null;
    last_name: string | null;
  }>(sql`select id, phone, first_name, last_name from subscribers
    where account_id = ${r.accountId} and id = any(${ids})`);
  const byId = new Map(res.rows.map((x) => [Number(x.id), x]));
  return rows.map((x) => {
    const s = byId.get(x.id);
    return {
      subscriberId: x.id,
      phone: s?.phone ?? "",
      firstName: s?.first_name ?? "",
      lastName: s?.last_name ?? "",
      clicks: x.clicks,
      links: x.links,
      lastClickAt: new Date(Math.floor(x.lastAt / 1000)),
    };
  });
}

/**
 * From the clicks themselves, for a range that ends before the latest click or a page deep in
 * the list: one pass over the range's clicks (an index-only scan) grouped by subscriber; the
 * links are counted for the page's rows only.
 */
async function fromClicks(db: Db, r: Range, page: { limit: number; offset: number }) {
  const inRange = sql`c.account_id = ${r.accountId} and c.subscriber_id is not null
    and c.clicked_at >= ${startOf(r)} and c.clicked_at < ${endOf(r)}`;
  const res = await db.execute<{
    subscriber_id: string;
    clicks: string;
    last_at: string;
    total: string;
    links: string;
  }>(sql`
    with per as (
      select c.subscriber_id, count(*) as clicks, max(c.clicked_at) as last_at
      from link_clicks c where ${inRange}
      group by c.subscriber_id
    ), ranked as (
      select per.*, count(*) over () as total from per
      order by per.clicks desc, per.last_at desc, per.subscriber_id
      limit ${page.limit} offset ${page.offset}
    )
    select ranked.subscriber_id, ranked.clicks, ranked.total, ${micros(sql`ranked.last_at`)} as last_at,
      l.links
    from ranked
    cross join lateral (
      select count(distinct c.link_id) as links from link_clicks c
      where ${inRange} and c.subscriber_id = ranked.subscriber_id
    ) l
    order by ranked.clicks desc, ranked.last_at desc, ranked.subscriber_id`);
  let total = Number(res.rows[0]?.total ?? 0);
  // A page past the end has no row to carry the count.
  if (res.rows.length === 0 && page.offset > 0) {
    const n = await db.execute<{ n: string }>(
      sql`select count(distinct c.subscriber_id) as n from link_clicks c where ${inRange}`,
    );
    total = Number(n.rows[0]?.n ?? 0);
  }
  const rows = res.rows.map((x) => ({
    id: Number(x.subscriber_id),
    clicks: Number(x.clicks),
    lastAt: Number(x.last_at),
    links: Number(x.links),
  }));
  return { total, rows: await withNames(db, r, rows) };
}
