import {
  type Challenge,
  createChallenge,
  randomInt,
  type Solution,
  verifySolution,
} from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { Executor } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { derivedKeys } from "../auth/secret-box";
import { deleteExpiredProofs, insertSpentProof } from "./growth.queries";

/**
 * The self-hosted bot check of the public forms (instead of reCAPTCHA): an ALTCHA proof of work.
 * The browser spends a fraction of a second finding a counter; a bot posting thousands of forms
 * pays that for each. Challenges are signed with a key derived from the server's secret, expire
 * after 10 minutes and name the form they were issued for (a proof solved for one form is refused
 * by another). A proof buys one submission: its signature is spent in PostgreSQL, so a second use
 * is refused in every process until it expires.
 */
const TTL_MS = 10 * 60_000;

/** The challenges' signing secrets, current first: one issued before a key rotation still verifies. */
function hmacSecrets(ctx: AppContext): string[] {
  return derivedKeys(ctx.config, "parley-altcha").map((k) => k.toString("hex"));
}

/** Names a public form for its challenges: case-insensitive, as the form's address is. */
export const botFormKey = (...parts: (string | number)[]) =>
  parts.map((p) => String(p).toLowerCase()).join(":");

export async function createBotChallenge(ctx: AppContext, form: string): Promise<Challenge> {
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(5_000, 40_000),
    deriveKey,
    hmacSignatureSecret: hmacSecrets(ctx)[0]!,
    expiresAt: new Date(ctx.clock.now().getTime() + TTL_MS),
    data: { form },
  });
}

/** A checked proof, not yet spent: `spend` it once the submission goes ahead. */
export interface BotProof {
  signature: string;
  expiresAt: Date;
}

/** The widget's payload: base64 JSON of { challenge, solution } (or the JSON itself). */
export async function verifyBotProof(
  ctx: AppContext,
  token: string,
  form: string,
): Promise<BotProof | null> {
  if (!token || token.length > 10_000) return null;
  let payload: { challenge?: Challenge; solution?: Solution };
  try {
    const text = token.trim().startsWith("{")
      ? token
      : Buffer.from(token, "base64").toString("utf8");
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  const challenge = payload?.challenge;
  if (!challenge?.parameters || !challenge.signature || !payload.solution) return null;
  if (challenge.parameters.data?.form !== form) return null;
  let verified = false;
  for (const secret of hmacSecrets(ctx)) {
    try {
      const result = await verifySolution({
        challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secret,
      });
      verified = result.verified;
    } catch {
      verified = false;
    }
    if (verified) break;
  }
  if (!verified) return null;
  const expiresAt = new Date((challenge.parameters.expiresAt ?? 0) * 1000);
  return { signature: challenge.signature, expiresAt };
}

/**
 * Spends a proof; false when it was spent before. Run it in the submission's transaction, so a
 * submission refused later leaves the proof unspent.
 */
export async function spendBotProof(db: Executor, proof: BotProof): Promise<boolean> {
  await deleteExpiredProofs(db);
  return insertSpentProof(db, proof.signature, proof.expiresAt);
}
