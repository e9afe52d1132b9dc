import { explainWait, type WaitReason } from "../../../domain/send-wait";
import type { AppContext } from "../../http/context";
import { type DecideRow, factsOfBatch } from "./dispatch-decide";
import { loadRecipientGeo } from "./recipient-geo";

/**
 * Why each of these messages (of one account) still waits, asked of the dispatcher's own facts
 * and rule: legal hours, a state's cap, quiet hours, a deadline, or the texts ahead of it on its
 * number. Only messages still waiting for the dispatcher are in the map.
 */
export async function waitReasons(
  ctx: AppContext,
  accountId: number,
  messageIds: readonly number[],
): Promise<Map<number, WaitReason>> {
  const out = new Map<number, WaitReason>();
  if (!messageIds.length) return out;
  const res = await ctx.db.$client.query<
    DecideRow & { id: number; ahead: number; notBefore: Date | null }
  >(
    `select m.id::int, m.account_id as "accountId", m.to_number as "toNumber", m.lane,
            m.subscriber_id::int as "subscriberId", m.source, m.created_at as "createdAt",
            m.deadline_at as "deadlineAt", m.not_before as "notBefore",
            coalesce((select s.ignore_quiet_hours from send_runs sr join sends s on s.id = sr.send_id
                       where sr.id = m.run_id), false) as "ignoreQuietHours",
            (select count(*)::int from messages x
              where x.pending_dispatch and x.phone_number_id = m.phone_number_id
                and x.not_before <= now() and x.id <> m.id
                and (x.lane, x.not_before, x.id) < (m.lane, m.not_before, m.id)) as ahead
       from messages m
      where m.account_id = $1 and m.id = any($2::bigint[]) and m.pending_dispatch`,
    [accountId, messageIds],
  );
  if (!res.rows.length) return out;
  // The recipient's state and zone come from the area code table (loaded once per process).
  await loadRecipientGeo();
  const now = ctx.clock.now();
  const facts = await factsOfBatch(ctx, res.rows, now);
  res.rows.forEach((row, i) => {
    const reason = explainWait({ ...facts[i]!, aheadOnNumber: row.ahead, turnAt: null }, now);
    if (reason) out.set(row.id, reason);
  });
  return out;
}
