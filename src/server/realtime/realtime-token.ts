import { createHmac } from "node:crypto";
import { derivedKeys, type KeyConfig, verifiesWithAny } from "../features/auth/secret-box";

/** A socket must present its token within this long of fetching it. */
export const REALTIME_TOKEN_TTL_MS = 60_000;

export interface RealtimeClaims {
  accountId: number;
  userId: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Signed with a key derived from the server's key ring (every web process has the same ring), so
 * no signing secret sits in the database; verified with any ring key, so a token fetched just
 * before a key rotation still opens its socket.
 */
function keys(config: KeyConfig): Buffer[] {
  return derivedKeys(config, "parley-realtime-token");
}

function sign(secret: Buffer, body: string): string {
  return createHmac("sha256", secret).update(body).digest("base64url");
}

/** `<claims as base64url JSON>.<HMAC-SHA256>`: short-lived, so a leaked token soon opens nothing. */
export function createRealtimeToken(
  config: KeyConfig,
  who: { accountId: number; userId: number },
  now: number,
): string {
  const claims = { a: who.accountId, u: who.userId, e: now + REALTIME_TOKEN_TTL_MS };
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${sign(keys(config)[0]!, body)}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function verifyRealtimeToken(
  config: KeyConfig,
  token: unknown,
  now: number,
): RealtimeClaims | null {
  if (typeof token !== "string" || token.length > 512) return null;
  const [body, signature] = token.split(".");
  if (!body || !signature) return null;
  if (!verifiesWithAny(keys(config), signature, (key) => sign(key, body))) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const c = claims as { a?: unknown; u?: unknown; e?: unknown };
  if (typeof c.a !== "number" || typeof c.u !== "number" || typeof c.e !== "number") return null;
  if (c.e < now) return null;
  return { accountId: c.a, userId: c.u, expiresAt: c.e };
}
