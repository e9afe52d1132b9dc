import { decideInOrder } from "../../../domain/carrier-cap";
import { explainWait, type WaitReason } from "../../../domain/send-wait";
import type { AppContext } from "../../http/context";
import { factsOfBatch } from "./dispatch-decide";
import * as q from "./outbound.queries";

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
  const res = await q.waitingMessages(ctx.db.$client, accountId, messageIds);
  if (!res.rows.length) return out;
  const now = ctx.clock.now();
  const facts = await factsOfBatch(ctx, res.rows, now);
  // In the dispatcher's order, as it decides: those that go take their share of a carrier's cap.
  const { decisions } = decideInOrder(
    facts.map((f, i) => ({ ...f, aheadOnNumber: res.rows[i]!.ahead, turnAt: null })),
    (f) => explainWait(f, now),
    (reason) => reason === null || reason.code === "pacing",
  );
  res.rows.forEach((row, i) => {
    const reason = decisions[i];
    if (reason) out.set(row.id, reason);
  });
  return out;
}
