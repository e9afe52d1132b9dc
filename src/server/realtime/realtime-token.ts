import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/connection";
import { globalSettings } from "../features/settings/settings.schema";

/** A socket must present its token within this long of fetching it. */
export const REALTIME_TOKEN_TTL_MS = 60_000;

const SECRET_KEY = "realtime.secret";

export interface RealtimeClaims {
  accountId: number;
  userId: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

// One secret for every process, made once and kept in the database (like the emulator's keys).
const secrets = new WeakMap<Db, Promise<Buffer>>();

function secretOf(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      await db
        .insert(globalSettings)
        .values({ name: SECRET_KEY, value: { secret: randomBytes(32).toString("base64") } })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: globalSettings.value })
        .from(globalSettings)
        .where(eq(globalSettings.name, SECRET_KEY));
      return Buffer.from((row!.value as { secret: string }).secret, "base64");
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

function sign(secret: Buffer, body: string): string {
  return createHmac("sha256", secret).update(body).digest("base64url");
}

/** `<claims as base64url JSON>.<HMAC-SHA256>`: short-lived, so a leaked token soon opens nothing. */
export async function createRealtimeToken(
  db: Db,
  who: { accountId: number; userId: number },
  now: number,
): Promise<string> {
  const claims = { a: who.accountId, u: who.userId, e: now + REALTIME_TOKEN_TTL_MS };
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${sign(await secretOf(db), body)}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export async function verifyRealtimeToken(
  db: Db,
  token: unknown,
  now: number,
): Promise<RealtimeClaims | null> {
  if (typeof token !== "string" || token.length > 512) return null;
  const [body, signature] = token.split(".");
  if (!body || !signature) return null;
  const expected = Buffer.from(sign(await secretOf(db), body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
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
