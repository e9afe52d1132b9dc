import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { can } from "../../../domain/permissions";
import { personName } from "../../../domain/user-rules";
import type { Db } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import type { Actor } from "../../http/context";
import { users } from "../users/users.public";
import { subscriberExports } from "./subscriber-exports.schema";

export type ExportRecord = typeof subscriberExports.$inferSelect;

export async function insertExport(db: Db, row: typeof subscriberExports.$inferInsert) {
  const [inserted] = await db.insert(subscriberExports).values(row).returning();
  return inserted!;
}

/**
 * The exports an actor may see: the Owner every one of the account, others their own (an API key
 * without a user, those started by a key).
 */
function visible(auth: Actor) {
  if (can(auth, "exports:all")) return ownedBy(subscriberExports, auth);
  return and(
    ownedBy(subscriberExports, auth),
    auth.userId === null
      ? isNull(subscriberExports.userId)
      : eq(subscriberExports.userId, auth.userId),
  );
}

export async function findExport(db: Db, auth: Actor, id: number) {
  const [row] = await db
    .select()
    .from(subscriberExports)
    .where(and(visible(auth), eq(subscriberExports.id, id)));
  return row;
}

/** The job's read: the id comes from our own queue, the row carries its account. */
export async function findExportForJob(db: Db, id: number) {
  const [row] = await db.select().from(subscriberExports).where(eq(subscriberExports.id, id));
  return row;
}

export async function listExports(db: Db, auth: Actor, q: { page: number; pageSize: number }) {
  const where = visible(auth);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(subscriberExports)
      .where(where)
      .orderBy(desc(subscriberExports.createdAt), desc(subscriberExports.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db.select({ n: count() }).from(subscriberExports).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The last `limit` exports of these kinds the actor may see, newest first. */
export async function latestOfKinds(db: Db, auth: Actor, kinds: string[], limit: number) {
  return db
    .select()
    .from(subscriberExports)
    .where(and(visible(auth), inArray(subscriberExports.kind, kinds)))
    .orderBy(desc(subscriberExports.createdAt), desc(subscriberExports.id))
    .limit(limit);
}

/** The job's progress while it writes (the row is its own: running). */
export async function setProgress(db: Db, id: number, progress: number, rowCount: number) {
  await db
    .update(subscriberExports)
    .set({ progress, rowCount })
    .where(and(eq(subscriberExports.id, id), eq(subscriberExports.status, "running")));
}

export async function transition(
  db: Db,
  id: number,
  from: string,
  set: Partial<typeof subscriberExports.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(subscriberExports)
    .set(set)
    .where(and(eq(subscriberExports.id, id), eq(subscriberExports.status, from)))
    .returning({ id: subscriberExports.id });
  return rows.length > 0;
}

/** Display names of the account's users among `ids` (who started which export). */
export async function userNames(
  db: Db,
  auth: Pick<Actor, "accountId">,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(ownedBy(users, auth), inArray(users.id, ids)));
  return new Map(rows.map((u) => [u.id, personName(u)] as const));
}
