import { PAUSE_HOLD_UNTIL } from "../../../domain/send-pause";
import type { AppContext } from "../../http/context";
import { releaseHeldTexts } from "./outbound.queries";
import { wakePipeline } from "./wake";

/**
 * 'Pause all sending' turned off: the account's texts the dispatcher held for it go now, each
 * with its full validity from now (the pause did not spend it). Returns how many were released.
 */
export async function releasePausedTexts(ctx: AppContext, accountId: number): Promise<number> {
  const db = ctx.db.$client;
  const released = await releaseHeldTexts(db, accountId, PAUSE_HOLD_UNTIL);
  if (released) await wakePipeline(db);
  return released;
}
