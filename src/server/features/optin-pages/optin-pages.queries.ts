import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import { optinPages } from "./optin-pages.schema";

type Owner = { accountId: number };
type PageValues = Omit<typeof optinPages.$inferInsert, "id" | "accountId">;

export async function accountNameOf(db: Db, accountId: number) {
  const { rows } = await db.execute<{ name: string }>(
    sql`select account_name as name from accounts where id = ${accountId}`,
  );
  return rows[0]?.name;
}

export async function listPageRows(db: Db, auth: Owner) {
  return db.select().from(optinPages).where(ownedBy(optinPages, auth)).orderBy(desc(optinPages.id));
}

export async function trackerPageRef(db: Db, accountId: number, pageId: number) {
  const [p] = await db
    .select({ id: optinPages.id, slug: optinPages.slug, active: optinPages.active })
    .from(optinPages)
    .where(and(eq(optinPages.accountId, accountId), eq(optinPages.id, pageId)));
  return p;
}

export async function findPageRow(db: Db, auth: Owner, id: number) {
  const [row] = await db
    .select()
    .from(optinPages)
    .where(and(ownedBy(optinPages, auth), eq(optinPages.id, id)));
  return row;
}

export async function insertPage(
  db: Db,
  values: PageValues & { accountId: number },
): Promise<number> {
  const [row] = await db.insert(optinPages).values(values).returning({ id: optinPages.id });
  return row!.id;
}

export async function updatePageRow(
  db: Db,
  auth: Owner,
  id: number,
  values: Partial<PageValues>,
): Promise<void> {
  await db
    .update(optinPages)
    .set(values)
    .where(and(ownedBy(optinPages, auth), eq(optinPages.id, id)));
}

/** False when the account has no such page. */
export async function deletePageRow(db: Db, auth: Owner, id: number): Promise<boolean> {
  const gone = await db
    .delete(optinPages)
    .where(and(ownedBy(optinPages, auth), eq(optinPages.id, id)))
    .returning({ id: optinPages.id });
  return gone.length > 0;
}

/** The account's active tracker with this slug (case aside). */
export async function activeTrackerRow(db: Db, accountId: number, slug: string) {
  const [row] = await db
    .select()
    .from(optinPages)
    .where(
      and(
        eq(optinPages.accountId, accountId),
        sql`lower(${optinPages.slug}) = lower(${slug})`,
        eq(optinPages.active, true),
      ),
    );
  return row;
}

export async function countVisit(db: Db, id: number): Promise<void> {
  await db
    .update(optinPages)
    .set({ visits: sql`${optinPages.visits} + 1` })
    .where(eq(optinPages.id, id));
}
