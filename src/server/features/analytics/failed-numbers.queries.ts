import { sql } from "drizzle-orm";
import type { ExclusionReason } from "../../../domain/send-audience";
import type { Db } from "../../db/connection";
import { subscribers } from "../../db/schema";
import { exclusionReason } from "../sends/recipients";

export interface FailedNumber {
  subscriberId: number;
  /** The latest of the range's runs whose text failed to this subscriber with the code. */
  runId: number;
  /** Why a retry would leave this subscriber out now; null: a retry texts them. */
  excluded: ExclusionReason | null;
}

/**
 * Subscribers whose text from one of `runIds` failed with `code`, once each (the latest such
 * run), with the reason a new send would leave them out today (the fan-out's own rule).
 */
export async function failedOfCode(
  db: Db,
  accountId: number,
  runIds: number[],
  code: number,
): Promise<FailedNumber[]> {
  if (runIds.length === 0) return [];
  const ids = sql`array[${sql.join(runIds, sql`, `)}]::bigint[]`;
  const res = await db.execute<{
    subscriber_id: string;
    run_id: string;
    excluded: ExclusionReason | null;
  }>(sql`
    select f.subscriber_id, f.run_id, ${exclusionReason(accountId)} as excluded
    from (
      select distinct on (m.subscriber_id) m.subscriber_id, m.run_id
      from messages m
      where m.account_id = ${accountId} and m.run_id = any(${ids}) and m.error_code = ${code}
        and m.subscriber_id is not null
      order by m.subscriber_id, m.created_at desc, m.id desc
    ) f
    join ${subscribers} on ${subscribers.id} = f.subscriber_id and ${subscribers.accountId} = ${accountId}
    order by f.subscriber_id`);
  return res.rows.map((r) => ({
    subscriberId: Number(r.subscriber_id),
    runId: Number(r.run_id),
    excluded: r.excluded,
  }));
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
