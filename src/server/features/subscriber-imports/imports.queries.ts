import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import type { Actor } from "../../http/context";
import { subscriberImports } from "./subscriber-imports.schema";

export type ImportRowRecord = typeof subscriberImports.$inferSelect;

export async function insertImport(db: Db, row: typeof subscriberImports.$inferInsert) {
  const [inserted] = await db.insert(subscriberImports).values(row).returning();
  return inserted!;
}

export async function findImport(db: Db, auth: Actor, id: number) {
  const [row] = await db
    .select()
    .from(subscriberImports)
    .where(and(ownedBy(subscriberImports, auth), eq(subscriberImports.id, id)));
  return row;
}

/** The job's read: the import id comes from our own queue, the row carries its account. */
export async function findImportForJob(db: Db, id: number) {
  const [row] = await db.select().from(subscriberImports).where(eq(subscriberImports.id, id));
  return row;
}

export async function listImports(db: Db, auth: Actor, q: { page: number; pageSize: number }) {
  const where = ownedBy(subscriberImports, auth);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(subscriberImports)
      .where(where)
      .orderBy(desc(subscriberImports.createdAt), desc(subscriberImports.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db.select({ n: count() }).from(subscriberImports).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Moves an import from one status to the next; false when it was not in `from` (claimed twice). */
export async function transition(
  db: Db,
  id: number,
  from: string,
  set: Partial<typeof subscriberImports.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(subscriberImports)
    .set(set)
    .where(and(eq(subscriberImports.id, id), eq(subscriberImports.status, from)))
    .returning({ id: subscriberImports.id });
  return rows.length > 0;
}

/** A write's counts and its batches' numbers, in the write's own transaction (import-runner.ts). */
export async function recordBatches(
  db: Executor,
  id: number,
  batchIndexes: number[],
  d: { processed: number; added: number; updated: number; skipped: number; failed: number },
) {
  await db
    .update(subscriberImports)
    .set({
      committedBatches: sql`${subscriberImports.committedBatches} || ${`{${batchIndexes.join(",")}}`}::int[]`,
      processedRows: sql`${subscriberImports.processedRows} + ${d.processed}`,
      added: sql`${subscriberImports.added} + ${d.added}`,
      updated: sql`${subscriberImports.updated} + ${d.updated}`,
      skipped: sql`${subscriberImports.skipped} + ${d.skipped}`,
      failed: sql`${subscriberImports.failed} + ${d.failed}`,
    })
    .where(eq(subscriberImports.id, id));
}

/** Data rows done and written out in file order, with the failed-rows file's length then. */
export async function checkpoint(db: Db, id: number, rows: number, failedBytes: number) {
  await db
    .update(subscriberImports)
    .set({ checkpointRows: rows, checkpointBytes: failedBytes })
    .where(eq(subscriberImports.id, id));
}

export async function setTotal(db: Db, id: number, totalRows: number) {
  await db.update(subscriberImports).set({ totalRows }).where(eq(subscriberImports.id, id));
}
