import { createHash, randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { sessions } from "./auth.schema";

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

/**
 * A live session with what every request needs to know of its user (one query). When a parent's
 * user acts in a child account, the child's owner comes with it, but only while the child is
 * still that parent's (a child detached since falls back to the parent's own session), and whether
 * the sliding expiry is due. A named prepared statement: every request of the web app asks it,
 * so each connection plans it once.
 */
export async function findLiveSession(db: Db, id: string) {
  const { rows } = await db.$client.query<LiveSession>({
    name: "auth_find_live_session",
    text: `
    select s.user_id as "userId", s.account_id as "accountId",
           u.permission_level as "permissionLevel", u.restricted,
           child.id as "actingAccountId", au.id as "actingUserId",
           au.permission_level as "actingLevel", au.restricted as "actingRestricted",
           s.last_seen_at < now() - interval '1 minute' as "touchDue"
      from sessions s
      join users u on u.id = s.user_id
      left join accounts child
        on child.id = s.acting_account_id and child.parent_account_id = s.account_id
      left join users au on au.id = s.acting_user_id and au.account_id = child.id
     where s.id = $1 and s.expires_at > now()
     limit 1`,
    values: [id],
  });
  return rows[0];
}

interface LiveSession {
  userId: number;
  accountId: number;
  permissionLevel: number;
  restricted: boolean;
  actingAccountId: number | null;
  actingUserId: number | null;
  actingLevel: number | null;
  actingRestricted: boolean | null;
  /** Last seen over a minute ago: the sliding expiry is due to be written (touchSession). */
  touchDue: boolean;
}

/** Starts (child and its owner) or ends (nulls) acting in a child account for this session. */
export async function setSessionActing(
  db: Db,
  id: string,
  acting: { accountId: number; userId: number } | null,
) {
  await db
    .update(sessions)
    .set({ actingAccountId: acting?.accountId ?? null, actingUserId: acting?.userId ?? null })
    .where(eq(sessions.id, id));
}

/** Sliding expiry, written at most once a minute per session to keep reads cheap. */
export async function touchSession(db: Db, id: string, expiresAt: Date) {
  await db.$client.query({
    name: "auth_touch_session",
    text: `update sessions set last_seen_at = now(), expires_at = $2
            where id = $1 and last_seen_at < now() - interval '1 minute'`,
    values: [id, expiresAt],
  });
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
