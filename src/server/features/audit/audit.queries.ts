import { and, asc, count, desc, eq, gte, ilike, like, lt, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import { auditEvents } from "./audit.schema";

export type AuditRow = typeof auditEvents.$inferSelect;

/**
 * Holds the account's chain until the transaction ends, so two events of one account never take
 * the same place (an advisory lock: no head row to create first).
 */
export async function lockChain(tx: Executor, accountId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('audit_events'), ${accountId})`);
}

export async function chainHead(tx: Executor, accountId: number) {
  const [row] = await tx
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(ownedBy(auditEvents, { accountId }))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  return row;
}

export async function insertEvent(tx: Executor, row: typeof auditEvents.$inferInsert) {
  const [out] = await tx.insert(auditEvents).values(row).returning({ id: auditEvents.id });
  return out!;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function where(accountId: number, f: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [ownedBy(auditEvents, { accountId })];
  if (f.actor) {
    const pattern = `%${escapeLike(f.actor)}%`;
    parts.push(or(ilike(auditEvents.actorName, pattern), eq(auditEvents.actorId, f.actor)));
  }
  // "keywords.*": every action of an area (auditAreaFilter); otherwise the one action.
  if (f.action?.endsWith(".*"))
    parts.push(like(auditEvents.action, `${escapeLike(f.action.slice(0, -1))}%`));
  else if (f.action) parts.push(eq(auditEvents.action, f.action));
  if (f.from) parts.push(gte(auditEvents.at, f.from));
  if (f.to) parts.push(lt(auditEvents.at, f.to));
  return and(...parts);
}

export async function listEvents(
  db: Executor,
  accountId: number,
  f: AuditFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(auditEvents)
    .where(where(accountId, f))
    .orderBy(desc(auditEvents.seq))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countEvents(db: Executor, accountId: number, f: AuditFilter) {
  const [row] = await db.select({ n: count() }).from(auditEvents).where(where(accountId, f));
  return row?.n ?? 0;
}

/** The chain in order, a batch at a time (seq > after). */
export async function chainBatch(db: Executor, accountId: number, after: number, limit: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(ownedBy(auditEvents, { accountId }), sql`${auditEvents.seq} > ${after}`))
    .orderBy(asc(auditEvents.seq))
    .limit(limit);
}
