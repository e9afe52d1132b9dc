import { PAUSE_HOLD_UNTIL } from "../../../domain/send-pause";
import type { AppContext } from "../../http/context";
import { wakePipeline } from "./wake";

/**
 * 'Pause all sending' turned off: the account's texts the dispatcher held for it go now, each
 * with its full validity from now (the pause did not spend it). Returns how many were released.
 */
export async function releasePausedTexts(ctx: AppContext, accountId: number): Promise<number> {
  const db = ctx.db.$client;
  const res = await db.query(
    `update messages m
        set not_before = now(),
            deadline_at = greatest(m.deadline_at, now() + a.message_validity_minutes * interval '1 minute')
       from accounts a
      where a.id = m.account_id and m.account_id = $1 and m.pending_dispatch
        and m.not_before >= $2`,
    [accountId, PAUSE_HOLD_UNTIL],
  );
  if (res.rowCount) await wakePipeline(db);
  return res.rowCount ?? 0;
}
