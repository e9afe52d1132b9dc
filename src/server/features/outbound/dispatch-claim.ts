import type { AppContext } from "../../http/context";
import * as q from "./outbound.queries";

export interface Claimed {
  id: number;
  accountId: number;
  phoneNumberId: number;
  fromNumber: string;
  toNumber: string;
  body: string;
  mediaUrls: string[];
  runId: number | null;
  subscriberId: number | null;
  source: string;
  lane: number;
  credits: number;
  /** International credits it spent (a text abroad), given back with `credits` if it fails. */
  internationalCredits: number;
  attempts: number;
  createdAt: Date;
  deadlineAt: Date | null;
  /** The send's choice to ignore the account's quiet hours (campaign rows). */
  ignoreQuietHours: boolean;
  /**
   * A worker claimed it before and its claim lapsed without an answer written down: that worker
   * may have reached the carrier before it died, so ask the carrier before sending again.
   */
  outcomeUnknown: boolean;
  /** When this message's turn on its number comes (its number's pace). */
  sendAt: Date;
  /**
   * performance.now() (ms) by which this worker's claim certainly still holds; set by the
   * dispatcher. Elapsed time, not the injected clock: a test clock standing still must not keep
   * an expired claim alive.
   */
  leaseEndsAt?: number;
}

/**
 * How long a claim lasts. Never shorter than two carrier timeouts: a worker starts a carrier call
 * only while a whole timeout remains of its claim (dispatcher), so a claim cannot lapse, and the
 * row be sent by another worker, while a live worker's call to the carrier is still open.
 */
export function leaseSeconds(config: AppContext["config"]): number {
  return Math.max(
    config.DISPATCH_LEASE_SECONDS,
    Math.ceil((2 * config.CARRIER_TIMEOUT_MS) / 1000) + 1,
  );
}

/** How far ahead a claim may take a number's turns; the dispatcher waits for each. */
export const LOOKAHEAD_SECONDS = 1;

/**
 * Claims the next messages to send, in one statement:
 * 1. the sending numbers that have due work, least recently served first, each one's pace row
 *    locked (another worker holding it is skipped: one number's turns are handed out by one
 *    worker at a time, across every run and lane);
 * 2. per number, as many due messages as its rate allows in the next LOOKAHEAD_SECONDS
 *    (transactional lane first, then oldest), each row leased (claimed_until) so no other worker
 *    sends it; a dead worker's lease lapses and the row is claimed again;
 * 3. each message's turn (`sendAt`), spaced by the number's rate after its next free turn, and
 *    the pace moved on by what was taken.
 * Numbers are served in turn, so one account's million-recipient campaign does not hold back
 * another account's one-to-one text.
 */
export async function claimDue(ctx: AppContext, limit: number): Promise<Claimed[]> {
  const { config } = ctx;
  // At most `limit` from one number; several numbers at their own (usually low) rates add up.
  const numbers = 64;
  const res = await q.claimDueMessages(
    ctx.db.$client,
    leaseSeconds(config),
    config.SEND_MPS_TOLL_FREE,
    config.SEND_MPS_LONG_CODE,
    LOOKAHEAD_SECONDS,
    numbers,
    limit,
    ctx.clock.now(),
  );
  return res.rows;
}
