import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { messages } from "../../db/schema";

export type MessageRow = typeof messages.$inferSelect;

export async function insertMessage(db: Db, row: typeof messages.$inferInsert) {
  const [inserted] = await db.insert(messages).values(row).returning();
  return inserted!;
}

/** Inbound messages are keyed by the carrier's sid: a repeated webhook inserts nothing. */
export async function insertInboundOnce(db: Db, row: typeof messages.$inferInsert) {
  const [inserted] = await db.insert(messages).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateMessage(
  db: Db,
  id: number,
  set: Partial<Pick<MessageRow, "status" | "errorCode" | "carrierSid" | "segments">>,
) {
  await db
    .update(messages)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(messages.id, id));
}

export async function findForCallback(db: Db, by: { id?: number; sid: string }) {
  const [row] = await db
    .select({
      id: messages.id,
      accountId: messages.accountId,
      status: messages.status,
      toNumber: messages.toNumber,
      carrierSid: messages.carrierSid,
    })
    .from(messages)
    .where(by.id !== undefined ? eq(messages.id, by.id) : eq(messages.carrierSid, by.sid))
    .limit(1);
  return row;
}

/**
 * Compare-and-set: the status changes only if nobody changed it since we read it, so two
 * callbacks racing cannot move a message backwards. Returns whether this write won.
 */
export async function casStatus(
  db: Db,
  id: number,
  from: string,
  to: { status: string; errorCode: number | null; sid: string },
): Promise<boolean> {
  const updated = await db
    .update(messages)
    .set({
      status: to.status,
      errorCode: to.errorCode,
      carrierSid: sql`coalesce(${messages.carrierSid}, ${to.sid})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(messages.id, id),
        eq(messages.status, from),
        or(isNull(messages.carrierSid), eq(messages.carrierSid, to.sid)),
      ),
    )
    .returning({ id: messages.id });
  return updated.length > 0;
}
