import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { oauthClients, oauthCodes, oauthTokens } from "./mcp.schema";

export async function insertClient(db: Db, values: typeof oauthClients.$inferInsert) {
  const [row] = await db.insert(oauthClients).values(values).returning();
  return row;
}

export async function findClient(db: Db, clientId: string) {
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
  return client;
}

export async function insertCode(db: Db, values: typeof oauthCodes.$inferInsert): Promise<void> {
  await db.insert(oauthCodes).values(values);
}

export async function insertToken(db: Db, values: typeof oauthTokens.$inferInsert): Promise<void> {
  await db.insert(oauthTokens).values(values);
}

/** Takes a code once: it is deleted as it is read. */
export async function takeCode(db: Db, codeHash: string) {
  const [code] = await db.delete(oauthCodes).where(eq(oauthCodes.codeHash, codeHash)).returning();
  return code;
}

/** Revokes a live refresh token of the client (it is rotated); undefined when there is none. */
export async function revokeRefreshToken(db: Db, refreshHash: string, clientId: string, at: Date) {
  const [old] = await db
    .update(oauthTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(oauthTokens.refreshHash, refreshHash),
        eq(oauthTokens.clientId, clientId),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.refreshExpiresAt, sql`now()`),
      ),
    )
    .returning();
  return old;
}

/** A live access token with its grant and client name. */
export async function liveAccessToken(db: Db, accessHash: string) {
  const [row] = await db
    .select({
      id: oauthTokens.id,
      accountId: oauthTokens.accountId,
      userId: oauthTokens.userId,
      scopes: oauthTokens.scopes,
      clientName: oauthClients.clientName,
    })
    .from(oauthTokens)
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthTokens.clientId))
    .where(
      and(
        eq(oauthTokens.accessHash, accessHash),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.accessExpiresAt, sql`now()`),
      ),
    );
  return row;
}

/** The person's live grants, newest first. */
export async function liveGrants(db: Db, accountId: number, userId: number) {
  return db
    .select({
      id: oauthTokens.id,
      clientName: oauthClients.clientName,
      scopes: oauthTokens.scopes,
      createdAt: oauthTokens.createdAt,
    })
    .from(oauthTokens)
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthTokens.clientId))
    .where(
      and(
        eq(oauthTokens.accountId, accountId),
        eq(oauthTokens.userId, userId),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.refreshExpiresAt, sql`now()`),
      ),
    )
    .orderBy(sql`${oauthTokens.createdAt} desc`);
}

/** Revokes the person's grant; returns the rows revoked (none: no such live grant). */
export async function revokeGrantRow(
  db: Db,
  accountId: number,
  userId: number,
  id: number,
  at: Date,
) {
  return db
    .update(oauthTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(oauthTokens.id, id),
        eq(oauthTokens.accountId, accountId),
        eq(oauthTokens.userId, userId),
        isNull(oauthTokens.revokedAt),
      ),
    )
    .returning({ id: oauthTokens.id });
}
