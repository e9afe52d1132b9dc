import { createHmac } from "node:crypto";
import {
  type Challenge,
  createChallenge,
  randomInt,
  type Solution,
  verifySolution,
} from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { AppContext } from "../../http/context";
import { secretKey } from "../auth/secret-box";

/**
 * The self-hosted bot check of the public forms (instead of reCAPTCHA): an ALTCHA proof of work.
 * The browser spends a fraction of a second finding a counter; a bot posting thousands of forms
 * pays that for each. Challenges are signed with a key derived from the server's secret and
 * expire after 10 minutes, so no state is kept between processes.
 */
const TTL_MS = 10 * 60_000;

function hmacSecret(ctx: AppContext): string {
  return createHmac("sha256", secretKey(ctx.config)).update("parley-altcha").digest("hex");
}

export async function createBotChallenge(ctx: AppContext): Promise<Challenge> {
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(5_000, 40_000),
    deriveKey,
    hmacSignatureSecret: hmacSecret(ctx),
    expiresAt: new Date(Date.now() + TTL_MS),
  });
}

/** The widget's payload: base64 JSON of { challenge, solution } (or the JSON itself). */
export async function verifyBotProof(ctx: AppContext, token: string): Promise<boolean> {
  if (!token) return false;
  let payload: { challenge?: Challenge; solution?: Solution };
  try {
    const text = token.trim().startsWith("{")
      ? token
      : Buffer.from(token, "base64").toString("utf8");
    payload = JSON.parse(text);
  } catch {
    return false;
  }
  if (!payload?.challenge || !payload.solution) return false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: hmacSecret(ctx),
    });
    return result.verified;
  } catch {
    return false;
  }
}
