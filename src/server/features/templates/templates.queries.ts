import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import { accounts } from "../account/account.public";
import { templates } from "./templates.schema";

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateKind = "plain" | "controlled";

export async function listTemplates(
  db: Db,
  accountId: number,
  kind: TemplateKind,
  q: { page: number; pageSize: number; query: string; isMMS?: boolean },
) {
  const filters: SQL[] = [ownedBy(templates, { accountId }), eq(templates.kind, kind)];
  if (q.isMMS !== undefined) filters.push(eq(templates.isMms, q.isMMS));
  if (q.query) {
    const pattern = `%${q.query.replace(/[%_\\]/g, "\\$&")}%`;
    filters.push(or(ilike(templates.name, pattern), ilike(templates.message, pattern))!);
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(templates)
      .where(where)
      .orderBy(desc(templates.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db.select({ n: count() }).from(templates).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findTemplate(
  db: Executor,
  accountId: number,
  kind: TemplateKind,
  id: number,
) {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(ownedBy(templates, { accountId }), eq(templates.kind, kind), eq(templates.id, id)));
  return row;
}

export async function insertTemplate(db: Executor, row: typeof templates.$inferInsert) {
  const [inserted] = await db.insert(templates).values(row).returning();
  return inserted!;
}

export async function updateTemplate(
  db: Executor,
  accountId: number,
  kind: TemplateKind,
  id: number,
  set: Partial<Pick<TemplateRow, "name" | "message" | "isMms" | "attachment" | "requiresLink">>,
) {
  const [row] = await db
    .update(templates)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(ownedBy(templates, { accountId }), eq(templates.kind, kind), eq(templates.id, id)))
    .returning();
  return row;
}

export async function deleteTemplate(
  db: Executor,
  accountId: number,
  kind: TemplateKind,
  id: number,
) {
  const rows = await db
    .delete(templates)
    .where(and(ownedBy(templates, { accountId }), eq(templates.kind, kind), eq(templates.id, id)))
    .returning({ id: templates.id });
  return rows.length;
}

export async function countTemplates(db: Executor, accountId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(templates)
    .where(and(ownedBy(templates, { accountId }), eq(templates.kind, "plain")));
  return row?.n ?? 0;
}

/** The account's family position: a parent (subscription 'parent', no parent) or a child. */
export async function accountFamily(db: Db, accountId: number) {
  const [row] = await db
    .select({
      parentAccountId: accounts.parentAccountId,
      subscriptionType: accounts.subscriptionType,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}
