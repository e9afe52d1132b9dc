import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../../http/context";
import { ownSendingNumber } from "../numbers/numbers.service";
import { queueMessage, waitForCarrier } from "../outbound/outbound.service";

/** How long a code waits for the carrier's answer before the screen is told it went. */
const CODE_WAIT_MS = 8000;

/** A 6-digit code, and the hash kept of it. */
export function newSmsCode(): { code: string; hash: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return { code, hash: hashCode(code) };
}

export function hashCode(code: string): string {
  return createHash("sha256").update(`parley-sms-code:${code}`).digest("hex");
}

export function codeMatches(code: string, hash: unknown): boolean {
  if (typeof hash !== "string" || hash.length !== 64) return false;
  return timingSafeEqual(Buffer.from(hashCode(code.trim())), Buffer.from(hash));
}

/**
 * Texts a sign-in code through the carrier, from one of the account's own numbers (a long code
 * before a toll-free one). With the built-in emulator the virtual phones page shows it arrive.
 * False when it could not be sent (no number, refused, suppressed).
 */
export async function textCode(
  ctx: AppContext,
  user: { accountId: number; phone: string },
  code: string,
): Promise<boolean> {
  const from = await ownSendingNumber(ctx, user.accountId);
  if (!from) return false;
  try {
    const queued = await queueMessage(ctx, {
      accountId: user.accountId,
      from,
      to: user.phone,
      body: `Your Parley verification code is ${code}. It expires in 10 minutes. Never share it.`,
      source: "two_factor",
    });
    // Codes go in the transactional lane: the carrier's answer comes within moments.
    const answer = await waitForCarrier(ctx, queued.id, CODE_WAIT_MS);
    return !answer.failed;
  } catch {
    return false;
  }
}
