import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { authTokens } from "./auth.schema";

export type TokenKind =
  | "reset_password"
  | "invite"
  | "activate"
  | "login_challenge"
  | "remember_device"
  | "two_factor_setup"
  | "verify_email"
  | "verify_device"
  | "magic_link"
  | "phone_verification"
  | "oauth_state"
  | "webinar_oauth_state"
  | "webinar_signup"
  | "signup_invite"
  | "setup_link";

export type TokenRow = typeof authTokens.$inferSelect;

/** A secret for a link or a cookie: 32 random bytes; only its SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function insertToken(
  db: Db,
  row: Omit<typeof authTokens.$inferInsert, "id" | "createdAt">,
): Promise<TokenRow> {
  const [inserted] = await db.insert(authTokens).values(row).returning();
  return inserted!;
}

/** The unused, unexpired token of that kind, or undefined. */
export async function findLiveToken(
  db: Db,
  kind: TokenKind,
  token: string,
): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** The newest live token of a kind of the user (a set-up or verification waiting for its code). */
export async function newestLiveToken(db: Db, userId: number, kind: TokenKind) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(authTokens.id))
    .limit(1);
  return row;
}

/** Makes a used token live again (what it was taken for did not happen). */
export async function releaseToken(db: Db, id: number): Promise<void> {
  await db.update(authTokens).set({ usedAt: null }).where(eq(authTokens.id, id));
}

/** Marks a token used; false when another request used it first (single use, race-free). */
export async function consumeToken(db: Pick<Db, "update">, id: number): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

/** Ends every live token of a kind for a user (a new reset link voids the older ones). */
export async function revokeUserTokens(db: Db, userId: number, kind: TokenKind) {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)),
    );
}

/** How many tokens of a kind were issued for a user since `since` (per-address mail limits). */
export async function countIssuedSince(db: Db, userId: number, kind: TokenKind, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.kind, kind),
        gte(authTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function updateToken(
  db: Db,
  id: number,
  patch: Partial<
    Pick<TokenRow, "data" | "attempts" | "sends" | "expiresAt" | "tokenHash" | "email">
  >,
) {
  await db.update(authTokens).set(patch).where(eq(authTokens.id, id));
}

/** Adds one wrong try and answers the new count (atomic, so parallel guesses all count). */
export async function addAttempt(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(authTokens)
    .set({ attempts: sql`${authTokens.attempts} + 1` })
    .where(eq(authTokens.id, id))
    .returning({ attempts: authTokens.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

/** Counts one more code sent, unless `limit` were already sent; false when over the limit. */
export async function addSend(db: Db, id: number, limit: number): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ sends: sql`${authTokens.sends} + 1` })
    .where(and(eq(authTokens.id, id), sql`${authTokens.sends} < ${limit}`))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

export async function deleteExpiredTokens(db: Db): Promise<number> {
  const rows = await db
    .delete(authTokens)
    .where(sql`${authTokens.expiresAt} < now() - interval '7 days'`)
    .returning({ id: authTokens.id });
  return rows.length;
}

export async function deleteInvite(db: Db, accountId: number, id: number) {
  await db
    .delete(authTokens)
    .where(
      and(
        eq(authTokens.accountId, accountId),
        eq(authTokens.kind, "invite"),
        eq(authTokens.id, id),
      ),
    );
}
