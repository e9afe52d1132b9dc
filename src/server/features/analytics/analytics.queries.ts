import { sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import type { Range } from "../growth-reports/growth-reports.queries";

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

/**
 * Subscribers by the month they joined (account zone), and how many are not opted out now.
 * Each row finds its month among the months' first instants (width_bucket, a binary search)
 * instead of converting its own time to the zone (the zones' clocks never change at midnight);
 * rows outside those months (the future) take the conversion. The start is computed once.
 */
export async function cohorts(db: Db, accountId: number, tz: string, months: number) {
  const res = await db.execute<{ month: string; joined: string; still: string }>(sql`
    with m as (
      select k, date_trunc('month', now() at time zone ${tz}) - make_interval(months => k) as local
      from generate_series(-1, ${months - 1}) k
    ), b as (
      select array_agg(m.local at time zone ${tz} order by m.local) as starts,
        array_agg(to_char(m.local, 'YYYY-MM') order by m.local) filter (where m.k >= 0) as labels
      from m
    )
    select coalesce(b.labels[width_bucket(s.created_at, b.starts)],
        to_char(date_trunc('month', s.created_at at time zone ${tz}), 'YYYY-MM')) as month,
      count(*) as joined,
      count(*) filter (where not exists (select 1 from suppressions x
        where x.account_id = s.account_id and x.phone = s.phone)) as still
    from subscribers s cross join b
    where s.account_id = ${accountId} and s.marketing_consent_at is not null
      and s.created_at >= (select date_trunc('month', now() at time zone ${tz}) at time zone ${tz}
        - make_interval(months => ${months - 1}))
    group by 1 order by 1`);
  return res.rows.map((x) => ({
    month: x.month,
    joined: Number(x.joined),
    stillSubscribed: Number(x.still),
  }));
}
