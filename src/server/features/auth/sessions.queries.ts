import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { sessions, users } from "../../db/schema";

export function newSessionToken(): { token: string; id: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, id: sessionIdOf(token) };
}

export function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function insertSession(
  db: Db,
  row: { id: string; userId: number; accountId: number; userAgent: string | null; expiresAt: Date },
) {
  await db.insert(sessions).values(row);
}

/** A live session with what every request needs to know of its user (one query). */
export async function findLiveSession(db: Db, id: string) {
  const [row] = await db
    .select({
      userId: sessions.userId,
      accountId: sessions.accountId,
      permissionLevel: users.permissionLevel,
      restricted: users.restricted,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/** Sliding expiry, written at most once a minute per session to keep reads cheap. */
export async function touchSession(db: Db, id: string, expiresAt: Date) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, expiresAt })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
}

export async function deleteSession(db: Db, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** Logs a user out everywhere (password reset, user deleted). */
export async function deleteUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
