import { and, asc, count, gt, isNull, notExists, type SQL, sql } from "drizzle-orm";
import {
  RECENT_DAYS,
  UNHEALTHY_ERROR_CODES,
  UNHEALTHY_REASONS,
  type UnhealthyReason,
} from "../../../domain/unhealthy-subscribers.schemas";
import type { Db } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import type { Actor } from "../../http/context";
import { suppressions } from "../compliance/compliance.public";
import { messages } from "../messages/messages.public";
import { subscribers } from "../subscribers/subscribers.public";

export interface UnhealthyRow {
  id: number;
  phone: string;
  firstName: string;
  lastName: string;
  reason: UnhealthyReason;
  source: "delivery" | "lookup";
  errorCode: number | null;
  lastFailureAt: Date | null;
  failures: number;
}

export interface UnhealthyFilter {
  reason?: UnhealthyReason;
  query?: string;
  ids?: number[];
  excludedIds?: number[];
}

const ALL_CODES = UNHEALTHY_REASONS.flatMap((r) => UNHEALTHY_ERROR_CODES[r]);
const codes = (list: number[]) => sql`array[${sql.join(list, sql`, `)}]::int[]`;
/**
 * Ids as one array parameter: a clean-up picks up to 10,000, and as many parameters (used three
 * times) cost about 160 ms of planning per query on the reports bench's loaded machine.
 */
const idArray = (list: number[]) =>
  sql`${`{${list.map((x) => Math.trunc(x)).join(",")}}`}::bigint[]`;

/** The reason of a failure, from its error code (the same table as the domain's). */
const reasonOfCode = sql.join(
  [
    sql`case`,
    ...UNHEALTHY_REASONS.map(
      (r) => sql`when last.error_code = any(${codes(UNHEALTHY_ERROR_CODES[r])}) then ${r}`,
    ),
    sql`end`,
  ],
  sql` `,
);

/**
 * Every unhealthy subscriber of the account, as a subquery with the row's reason and source.
 * Starts from recent outbound messages (per number: the latest that reached a final status)
 * and from numbers a lookup found to be landlines, so the account's whole list is not scanned
 * row by row. Suppressed (opted-out, blocked) numbers are left out: they are never texted.
 */
function unhealthySql(auth: Actor, f: UnhealthyFilter, counted = true): SQL {
  const acct = auth.accountId;
  const since = sql`now() - make_interval(days => ${RECENT_DAYS})`;
  const outbound = sql`m.account_id = ${acct} and m.direction = 'outbound' and m.created_at > ${since}`;
  const where: SQL[] = [
    sql`s.account_id = ${acct}`,
    sql`not exists (select 1 from ${suppressions} x where x.account_id = s.account_id and x.phone = s.phone)`,
    // The latest final delivery failed for the number's sake, or a lookup said landline and no
    // text has been delivered since.
    sql`(last.error_code = any(${codes(ALL_CODES)}) or (s.is_landline is true and (last.to_number is null or last.error_code is not null)))`,
  ];
  const ids = f.ids && idArray(f.ids);
  if (ids) where.push(sql`s.id = any(${ids})`);
  if (f.excludedIds?.length) where.push(sql`s.id <> all(${idArray(f.excludedIds)})`);
  const q = f.query?.trim();
  if (q) {
    const digits = q.replace(/\D/g, "");
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      digits.length >= 3 && /^[\d\s()+.-]+$/.test(q)
        ? sql`s.phone like ${`%${digits}%`}`
        : sql`(s.first_name ilike ${like} or s.last_name ilike ${like} or (s.first_name || ' ' || s.last_name) ilike ${like})`,
    );
  }
  const reason = sql`coalesce(${reasonOfCode}, 'landline')`;
  // Each number's latest final outbound text comes from the rollup the message triggers keep
  // (migration 0045), not from messages (a probe per picked number, seconds for the
  // failed-numbers dialog's 50,000, or every number's texts sorted). Candidates start from its
  // few rows whose text failed for the number's sake (a partial index), so picked ids only
  // filter them. A latest text older than RECENT_DAYS means none in those days, as before.
  const recent = sql`l.account_id = ${acct} and l.created_at > ${since}`;
  const failing = sql`
    select l.to_number as phone from report_number_latest l
    where ${recent} and l.error_code is not null and l.error_code = any(${codes(ALL_CODES)})`;
  const failed = sql`${outbound} and m.error_code = any(${codes(ALL_CODES)})`;
  // Failures are counted for the rows that come out only (a few) when ids are picked; a caller
  // that wants the set alone (counted false) skips them.
  const fails = !counted
    ? sql``
    : ids
      ? sql`left join lateral (
        select count(*)::int as n from ${messages} m where ${failed} and m.to_number = s.phone
      ) fails on true`
      : sql`left join (
        select m.to_number, count(*)::int as n from ${messages} m where ${failed}
        group by m.to_number
      ) fails on fails.to_number = s.phone`;
  const inner = sql`
    with candidates as (
      ${failing}
      union
      select phone from ${subscribers} where account_id = ${acct} and is_landline is true
        ${ids ? sql`and id = any(${ids})` : sql``}
    )
    select s.id, s.phone, s.first_name, s.last_name,
      ${reason} as reason,
      case when last.error_code = any(${codes(ALL_CODES)}) then 'delivery' else 'lookup' end as source,
      case when last.error_code = any(${codes(ALL_CODES)}) then last.error_code end as error_code,
      case when last.error_code = any(${codes(ALL_CODES)}) then last.updated_at end as last_failure_at,
      ${counted ? sql`coalesce(fails.n, 0)` : sql`0`} as failures
    from candidates c
    join ${subscribers} s on s.account_id = ${acct} and s.phone = c.phone
    left join report_number_latest last on last.account_id = ${acct} and last.to_number = s.phone
      and last.created_at > ${since}
    ${fails}
    where ${sql.join(where, sql` and `)}`;
  return f.reason ? sql`select * from (${inner}) u where u.reason = ${f.reason}` : inner;
}

type RawRow = {
  id: string | number;
  phone: string;
  first_name: string;
  last_name: string;
  reason: UnhealthyReason;
  source: "delivery" | "lookup";
  error_code: number | null;
  last_failure_at: string | Date | null;
  failures: number;
};

const toRow = (r: RawRow): UnhealthyRow => ({
  id: Number(r.id),
  phone: r.phone,
  firstName: r.first_name,
  lastName: r.last_name,
  reason: r.reason,
  source: r.source,
  errorCode: r.error_code,
  lastFailureAt: r.last_failure_at ? new Date(r.last_failure_at) : null,
  failures: Number(r.failures),
});

export async function listUnhealthy(
  db: Db,
  auth: Actor,
  f: UnhealthyFilter,
  page: { page: number; pageSize: number },
) {
  const res = await db.execute<RawRow & { total: number }>(sql`
    select u.*, count(*) over ()::int as total from (${unhealthySql(auth, f)}) u
    order by u.last_failure_at desc nulls last, u.id desc
    limit ${page.pageSize} offset ${page.page * page.pageSize}`);
  const rows = res.rows.map(toRow);
  let total = res.rows[0]?.total ?? 0;
  // A page past the end still needs the total (the window count has no row to ride on).
  if (res.rows.length === 0 && page.page > 0) total = await countUnhealthy(db, auth, f);
  return { rows, total: Number(total) };
}

export async function countUnhealthy(db: Db, auth: Actor, f: UnhealthyFilter) {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${unhealthySql(auth, f)}) u`,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** Unhealthy numbers per reason, under the same search (the filter shows these). */
export async function countByReason(db: Db, auth: Actor, query: string) {
  const res = await db.execute<{ reason: UnhealthyReason; n: number }>(
    sql`select u.reason, count(*)::int as n from (${unhealthySql(auth, { query })}) u group by u.reason`,
  );
  const counts = Object.fromEntries(UNHEALTHY_REASONS.map((r) => [r, 0])) as Record<
    UnhealthyReason,
    number
  >;
  for (const r of res.rows) counts[r.reason] = Number(r.n);
  return counts;
}

/**
 * The ids of the account's unhealthy subscribers as a subquery, without their failure counts:
 * for a caller that intersects the set with its own rows in one statement.
 */
export const unhealthyIdsSql = (auth: Actor): SQL =>
  sql`select u.id from (${unhealthySql(auth, {}, false)}) u`;

/** Id and phone of every unhealthy subscriber the filter matches (for clean-up). */
export async function unhealthyTargets(db: Db, auth: Actor, f: UnhealthyFilter) {
  const res = await db.execute<{ id: string | number; phone: string; reason: UnhealthyReason }>(
    sql`select u.id, u.phone, u.reason from (${unhealthySql(auth, f)}) u order by u.id`,
  );
  return res.rows.map((r) => ({ id: Number(r.id), phone: r.phone, reason: r.reason }));
}

// ---- Line-type check. These write subscribers.is_landline, a column only this check and the
// carrier's answers fill ("learnt from carrier lookups or failed deliveries").

const unchecked = (auth: Actor, afterId: number) =>
  and(
    ownedBy(subscribers, auth),
    isNull(subscribers.isLandline),
    gt(subscribers.id, afterId),
    notExists(
      sql`(select 1 from ${suppressions} where ${suppressions.accountId} = ${subscribers.accountId} and ${suppressions.phone} = ${subscribers.phone})`,
    ),
  );

/** The next numbers never checked, in id order. */
export async function uncheckedAfter(db: Db, auth: Actor, afterId: number, limit: number) {
  return db
    .select({ id: subscribers.id, phone: subscribers.phone })
    .from(subscribers)
    .where(unchecked(auth, afterId))
    .orderBy(asc(subscribers.id))
    .limit(limit);
}

export async function countUncheckedAfter(db: Db, auth: Actor, afterId: number) {
  const [row] = await db.select({ n: count() }).from(subscribers).where(unchecked(auth, afterId));
  return row?.n ?? 0;
}
