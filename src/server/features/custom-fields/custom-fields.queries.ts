import { and, asc, count, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import type { Actor } from "../../http/context";
import { subscribers } from "../subscribers/subscribers.public";
import { customFields } from "./custom-fields.schema";

export type CustomFieldRow = typeof customFields.$inferSelect;

export async function listFields(
  db: Db,
  auth: Actor,
  q: { page: number; pageSize: number; query: string; types: string[] },
) {
  const filters = [ownedBy(customFields, auth), inArray(customFields.type, q.types)];
  if (q.query) filters.push(ilike(customFields.name, `%${q.query.replace(/[%_\\]/g, "\\$&")}%`));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customFields)
      .where(where)
      .orderBy(asc(sql`lower(${customFields.name})`), asc(customFields.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db.select({ n: count() }).from(customFields).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function allFields(db: Executor, auth: Pick<Actor, "accountId">) {
  return db.select().from(customFields).where(ownedBy(customFields, auth));
}

export async function findField(db: Executor, auth: Actor, id: number) {
  const [row] = await db
    .select()
    .from(customFields)
    .where(and(ownedBy(customFields, auth), eq(customFields.id, id)));
  return row;
}

export async function findFieldByName(db: Executor, auth: Actor, name: string) {
  const [row] = await db
    .select()
    .from(customFields)
    .where(
      and(ownedBy(customFields, auth), eq(sql`lower(${customFields.name})`, name.toLowerCase())),
    );
  return row;
}

export async function insertField(db: Executor, row: typeof customFields.$inferInsert) {
  const [inserted] = await db.insert(customFields).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateField(
  db: Executor,
  auth: Actor,
  id: number,
  set: Partial<Pick<CustomFieldRow, "name" | "options">>,
) {
  // An empty change (PATCH {}) changes nothing; the row stays as it is.
  if (Object.values(set).every((v) => v === undefined)) return findField(db, auth, id);
  const [row] = await db
    .update(customFields)
    .set(set)
    .where(and(ownedBy(customFields, auth), eq(customFields.id, id)))
    .returning();
  return row;
}

export async function deleteField(db: Executor, auth: Actor, id: number) {
  await db.delete(customFields).where(and(ownedBy(customFields, auth), eq(customFields.id, id)));
}

/** Years present in a date field, newest first (the years picker of the filter form). */
export async function fieldYears(db: Db, auth: Actor, id: number): Promise<number[]> {
  const key = String(id);
  const rows = await db
    .selectDistinct({
      year: sql<string>`substring(${subscribers.attributes} ->> ${key} from 1 for 4)`,
    })
    .from(subscribers)
    .where(and(ownedBy(subscribers, auth), sql`${subscribers.attributes} ? ${key}`));
  return rows
    .map((r) => Number(r.year))
    .filter((y) => Number.isInteger(y))
    .sort((a, b) => b - a);
}

export async function customFieldsOf(db: Executor, accountId: number) {
  const { rows } = await db.execute<{ id: number; name: string; type: string; options: string[] }>(
    sql`select id, name, type, options from custom_fields where account_id = ${accountId} order by id`,
  );
  return rows;
}
