import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { mailMessages } from "../../db/schema";

export type MailRow = typeof mailMessages.$inferSelect;
export type NewMail = typeof mailMessages.$inferInsert;

export async function insertMail(db: Db, row: NewMail): Promise<MailRow> {
  const [inserted] = await db.insert(mailMessages).values(row).returning();
  return inserted!;
}

/**
 * What a reader may see: the account's mail, and only mail to their own address unless they
 * own the account (a reset link for a colleague must not be readable by an agent).
 */
function visibleTo(reader: { accountId: number; email: string | null }): SQL {
  const own = eq(mailMessages.accountId, reader.accountId);
  if (reader.email === null) return own;
  return and(own, eq(sql`lower(${mailMessages.toAddress})`, reader.email.toLowerCase()))!;
}

export async function listMail(
  db: Db,
  reader: { accountId: number; email: string | null },
  page: { limit: number; offset: number },
) {
  const where = visibleTo(reader);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${mailMessages.readAt} is null)`.mapWith(Number),
      })
      .from(mailMessages)
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
}

export async function findMail(
  db: Db,
  reader: { accountId: number; email: string | null },
  id: number,
): Promise<MailRow | undefined> {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(and(visibleTo(reader), eq(mailMessages.id, id)))
    .limit(1);
  return row;
}

export async function markRead(db: Db, id: number) {
  await db
    .update(mailMessages)
    .set({ readAt: sql`now()` })
    .where(and(eq(mailMessages.id, id), isNull(mailMessages.readAt)));
}
