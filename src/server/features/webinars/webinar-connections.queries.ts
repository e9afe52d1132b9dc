import { and, eq, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import { webinarConnections } from "./webinars.schema";

export type ConnectionRow = typeof webinarConnections.$inferSelect;

export async function listConnections(db: Executor, account: { accountId: number }) {
  return db.select().from(webinarConnections).where(ownedBy(webinarConnections, account));
}

export async function findConnection(
  db: Executor,
  account: { accountId: number },
  provider: string,
  lock = false,
) {
  const query = db
    .select()
    .from(webinarConnections)
    .where(and(ownedBy(webinarConnections, account), eq(webinarConnections.provider, provider)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** One connection per account and service: connecting again replaces the account connected. */
export async function upsertConnection(
  db: Executor,
  row: {
    accountId: number;
    provider: string;
    externalId: string;
    email: string;
    credentials: string;
    connectedBy: number | null;
  },
) {
  await db
    .insert(webinarConnections)
    .values(row)
    .onConflictDoUpdate({
      target: [webinarConnections.accountId, webinarConnections.provider],
      set: {
        externalId: row.externalId,
        email: row.email,
        credentials: row.credentials,
        connectedBy: row.connectedBy,
        connectedAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    });
}

export async function saveCredentials(db: Executor, id: number, credentials: string) {
  await db
    .update(webinarConnections)
    .set({ credentials, updatedAt: sql`now()` })
    .where(eq(webinarConnections.id, id));
}

export async function deleteConnection(
  db: Db,
  account: { accountId: number },
  provider: string,
): Promise<boolean> {
  const rows = await db
    .delete(webinarConnections)
    .where(and(ownedBy(webinarConnections, account), eq(webinarConnections.provider, provider)))
    .returning({ id: webinarConnections.id });
  return rows.length > 0;
}
