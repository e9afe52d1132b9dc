import { type SQL, sql } from "drizzle-orm";
import type { ExclusionReason } from "../../../domain/send-audience";
import type { Db } from "../../db/connection";
import { excludableIds, exclusionReason } from "../sends/recipients";
import { subscribers } from "../subscribers/subscribers.public";

export interface FailedNumber {
  subscriberId: number;
  /** The run of the subscriber's latest text to fail with the code (one of the range's runs). */
  runId: number;
  /** Why a retry would leave this subscriber out now; null: a retry texts them. */
  excluded: ExclusionReason | null;
}

/**
 * Subscribers whose latest campaign text to fail with `code` came from one of `runIds`, with
 * that run: the rollup of migration 0047 holds one row per subscriber and code, and only rows of
 * subscribers that still exist. A number that failed in the range and again later counts in the
 * later days, where a retry would send the newer text.
 */
function latestFailed(accountId: number, runIds: number[], code: number) {
  const ids = sql`array[${sql.join(runIds, sql`, `)}]::bigint[]`;
  return sql`
    select r.subscriber_id, r.run_id from report_failed_latest r
    where r.account_id = ${accountId} and r.error_code = ${code} and r.run_id = any(${ids})`;
}

/** `latestFailed` with the reason a new send would leave each out today (the fan-out's rule). */
export async function failedOfCode(
  db: Db,
  accountId: number,
  runIds: number[],
  code: number,
): Promise<FailedNumber[]> {
  if (runIds.length === 0) return [];
  const res = await db.execute<{
    subscriber_id: string;
    run_id: string;
    excluded: ExclusionReason | null;
  }>(sql`
    select f.subscriber_id, f.run_id, ${exclusionReason(accountId)} as excluded
    from (${latestFailed(accountId, runIds, code)}) f
    join ${subscribers} on ${subscribers.id} = f.subscriber_id and ${subscribers.accountId} = ${accountId}
    order by f.subscriber_id`);
  return res.rows.map((r) => ({
    subscriberId: Number(r.subscriber_id),
    runId: Number(r.run_id),
    excluded: r.excluded,
  }));
}

export interface FailedCounts {
  failed: number;
  retryable: number;
  excluded: Record<ExclusionReason, number>;
  sends: number;
  cleanable: number;
}

/**
 * The confirm dialog's figures for `failedOfCode`'s subscribers, counted in PostgreSQL: a code
 * can stand for 50,000 numbers, and carrying them to Node (to intersect them with the unhealthy
 * set in chunks) cost most of the dialog's time. Exclusion reasons are asked of the few
 * excludable subscribers only. `unhealthyIds` is the unhealthy clean-up's own set (an id
 * subquery); a retry makes one send per missed run and `perSend` people.
 */
export async function countFailedOfCode(
  db: Db,
  accountId: number,
  runIds: number[],
  code: number,
  unhealthyIds: SQL,
  perSend: number,
): Promise<FailedCounts> {
  const counts: FailedCounts = {
    failed: 0,
    retryable: 0,
    excluded: { optedOut: 0, blocked: 0, landline: 0, noConsent: 0 },
    sends: 0,
    cleanable: 0,
  };
  if (runIds.length === 0) return counts;
  const res = await db.execute<{
    failed: number;
    retryable: number;
    opted_out: number;
    blocked: number;
    landline: number;
    no_consent: number;
    cleanable: number;
  }>(sql`
    with f as (${latestFailed(accountId, runIds, code)}),
    x as (
      select ${subscribers.id} as id, ${exclusionReason(accountId)} as excluded from ${subscribers}
      where ${subscribers.accountId} = ${accountId} and ${subscribers.id} in (${excludableIds(accountId)})
    )
    select count(*)::int as failed,
      count(*) filter (where x.excluded is null)::int as retryable,
      count(*) filter (where x.excluded = 'optedOut')::int as opted_out,
      count(*) filter (where x.excluded = 'blocked')::int as blocked,
      count(*) filter (where x.excluded = 'landline')::int as landline,
      count(*) filter (where x.excluded = 'noConsent')::int as no_consent,
      count(*) filter (where f.subscriber_id in (${unhealthyIds}))::int as cleanable
    from f
    left join x on x.id = f.subscriber_id
    group by f.run_id`);
  // One row per missed run: a retry sends each run's retryable people in sends of perSend.
  for (const r of res.rows) {
    counts.failed += Number(r.failed);
    counts.retryable += Number(r.retryable);
    counts.excluded.optedOut += Number(r.opted_out);
    counts.excluded.blocked += Number(r.blocked);
    counts.excluded.landline += Number(r.landline);
    counts.excluded.noConsent += Number(r.no_consent);
    counts.sends += Math.ceil(Number(r.retryable) / perSend);
    counts.cleanable += Number(r.cleanable);
  }
  return counts;
}

/** The saved composer form of the send a run belongs to (the retry sends it again). */
export async function sendOfRun(db: Db, accountId: number, runId: number) {
  const res = await db.execute<{ form: unknown; text: string; is_mms: boolean }>(sql`
    select s.form, r.text, s.is_mms from send_runs r
    join sends s on s.id = r.send_id and s.account_id = r.account_id
    where r.id = ${runId} and r.account_id = ${accountId}`);
  const row = res.rows[0];
  return row ? { form: row.form, text: row.text, isMms: row.is_mms } : undefined;
}
