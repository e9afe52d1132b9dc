import { sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import type { Range } from "../growth-reports/growth-reports.service";

const within = (col: ReturnType<typeof sql>, r: Range) =>
  sql`${col} >= (${r.from}::date)::timestamp at time zone ${r.tz}
    and ${col} < (${r.to}::date + 1)::timestamp at time zone ${r.tz}`;

/** The runs that went out in the range (newest first, at most 200), with their local hour. */
export async function runsInRange(db: Db, r: Range) {
  const res = await db.execute<{
    id: string;
    send_id: string;
    run_at: Date | string;
    text: string;
    status: string;
    completed_at: Date | string | null;
    hour: number;
  }>(sql`
    select r.id, r.send_id, r.run_at, r.text, r.status, r.completed_at,
      extract(hour from r.run_at at time zone ${r.tz})::int as hour
    from send_runs r join sends s on s.id = r.send_id and s.account_id = r.account_id
    where r.account_id = ${r.accountId} and ${within(sql`r.run_at`, r)} and r.run_at <= now()
      ${r.numberId ? sql`and s.phone_number_id = ${r.numberId}` : sql``}
    order by r.run_at desc limit 200`);
  return res.rows.map((x) => ({
    id: Number(x.id),
    sendId: Number(x.send_id),
    runAt: new Date(x.run_at),
    text: x.text,
    status: x.status,
    completedAt: x.completed_at ? new Date(x.completed_at) : null,
    hour: Number(x.hour),
  }));
}

/**
 * Per run: recipients who texted back within a day, who clicked its tracked link within a week
 * (both from the engagement rollup the reply and click triggers keep, migration 0037), and
 * opt-outs whose preceding message was the run's (from the opt-out rollup).
 */
export async function engagementOfRuns(db: Db, accountId: number, runIds: number[]) {
  if (runIds.length === 0)
    return new Map<number, { replies: number; clickers: number; optOuts: number }>();
  const ids = sql`array[${sql.join(runIds, sql`, `)}]::bigint[]`;
  const res = await db.execute<{
    id: string;
    replies: string | null;
    clickers: string | null;
    opt_outs: string | null;
  }>(sql`
    select r.id, e.replies, e.clickers, o.n as opt_outs
    from unnest(${ids}) as r(id)
    left join report_run_engagement e on e.run_id = r.id and e.account_id = ${accountId}
    left join (
      select run_id, count(*) as n from report_opt_outs
      where account_id = ${accountId} and run_id = any(${ids}) group by run_id
    ) o on o.run_id = r.id`);
  return new Map(
    res.rows.map((x) => [
      Number(x.id),
      {
        replies: Number(x.replies ?? 0),
        clickers: Number(x.clickers ?? 0),
        optOuts: Number(x.opt_outs ?? 0),
      },
    ]),
  );
}

/**
 * Failed deliveries of the range's runs (the account's, found by runsInRange) by carrier error
 * code, from the per-run status rollup (migration 0040) rather than every failed delivery.
 */
export async function failuresByCode(db: Db, runIds: number[]) {
  if (runIds.length === 0) return [];
  const ids = sql`array[${sql.join(runIds, sql`, `)}]::bigint[]`;
  const res = await db.execute<{ code: number; n: string }>(sql`
    select error_code as code, sum(n) as n from report_run_status
    where run_id = any(${ids}) and error_code is not null
    group by 1 having sum(n) <> 0 order by 2 desc`);
  return res.rows.map((x) => ({ code: Number(x.code), count: Number(x.n) }));
}

/** Rows of the sign-up rollup read past which a reader folds them into one per half hour. */
const FOLD_JOINS_OVER = 2;

/**
 * Subscribers by the month they joined (account zone), and how many are not opted out now.
 * Joined counts come from the per-half-hour sign-up rollup (migration 0045), at most some
 * 17,500 rows for twelve months instead of every subscriber; those opted out or blocked since
 * are found from the account's suppressions (read now, so a suppression and a subscriber written
 * in separate transactions cannot leave the figure wrong). Each half hour finds its month among
 * the months' first instants (width_bucket, a binary search: every zone's months start on a
 * half hour); rows outside those months (the future) take the conversion. The start is computed
 * in the account's zone: months subtracted after the conversion were counted in the session's
 * zone, whose offset a year ago can differ, and let in an hour of a 13th month.
 */
export async function cohorts(db: Db, accountId: number, tz: string, months: number) {
  const start = sql`(select (date_trunc('month', now() at time zone ${tz})
    - make_interval(months => ${months - 1})) at time zone ${tz})`;
  const res = await db.execute<{
    month: string;
    joined: string;
    still: string;
    parts: string;
    buckets: string;
  }>(sql`
    with m as (
      select k, date_trunc('month', now() at time zone ${tz}) - make_interval(months => k) as local
      from generate_series(-1, ${months - 1}) k
    ), b as (
      select array_agg(m.local at time zone ${tz} order by m.local) as starts,
        array_agg(to_char(m.local, 'YYYY-MM') order by m.local) filter (where m.k >= 0) as labels
      from m
    ), joined as (
      select j.bucket, sum(j.n) as n, count(*) as parts from report_subscriber_joins j
      where j.account_id = ${accountId} and j.bucket >= ${start}
      group by j.bucket
    ), gone as (
      select s.created_at from (select distinct phone from suppressions where account_id = ${accountId}) x
      join subscribers s on s.account_id = ${accountId} and s.phone = x.phone
      where s.marketing_consent_at is not null and s.created_at >= ${start}
    ), r as (
      select bucket as at, n as joined, 0 as gone from joined where n <> 0
      union all
      select created_at, 0, 1 from gone
    )
    select coalesce(b.labels[width_bucket(r.at, b.starts)],
        to_char(date_trunc('month', r.at at time zone ${tz}), 'YYYY-MM')) as month,
      sum(r.joined) as joined, sum(r.joined) - sum(r.gone) as still,
      (select coalesce(sum(parts), 0) from joined) as parts, (select count(*) from joined) as buckets
    from r cross join b
    group by 1 having sum(r.joined) <> 0 order by 1`);
  const first = res.rows[0];
  if (first && Number(first.parts) > FOLD_JOINS_OVER * Number(first.buckets) + 100)
    await foldJoins(db, accountId, start);
  return res.rows.map((x) => ({
    month: x.month,
    joined: Number(x.joined),
    stillSubscribed: Number(x.still),
  }));
}

/**
 * Replaces the account's sign-up rollup rows from `start` on by their sums per half hour, in one
 * statement: rows the triggers add meanwhile are not seen (kept), rows another fold took are
 * skipped.
 */
async function foldJoins(db: Db, accountId: number, start: ReturnType<typeof sql>) {
  await db.execute(sql`
    with gone as (
      delete from report_subscriber_joins
      where account_id = ${accountId} and bucket >= ${start}
      returning account_id, bucket, n
    )
    insert into report_subscriber_joins (account_id, bucket, n)
    select account_id, bucket, sum(n) from gone group by 1, 2 having sum(n) <> 0`);
}
