import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import type { Queryable } from "../../db/queryable";
import { messages } from "./messages.schema";

export type MessageRow = typeof messages.$inferSelect;

export async function insertMessage(db: Db, row: typeof messages.$inferInsert) {
  const [inserted] = await db.insert(messages).values(row).returning();
  return inserted!;
}

/**
 * Inbound messages are keyed by the carrier's sid: a repeated webhook inserts nothing. The rule
 * is message_carrier_sids' primary key (migration 0046), which a trigger fills in the same
 * statement, so its unique violation is the one answer to "already recorded" (no look-up first:
 * a repeat is rare, and the insert is on every inbound text's path).
 */
export async function insertInboundOnce(db: Db, row: typeof messages.$inferInsert) {
  try {
    const [inserted] = await db.insert(messages).values(row).returning();
    return inserted;
  } catch (err) {
    if (isSidTaken(err)) return undefined;
    throw err;
  }
}

function isSidTaken(err: unknown): boolean {
  // Drizzle wraps the driver's error; the PostgreSQL one is its cause.
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505" && e.constraint === "message_carrier_sids_pkey") return true;
    e = e.cause as typeof e;
  }
  return false;
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
    .where(
      by.id !== undefined
        ? eq(messages.id, by.id)
        : // The sid's row by primary key, from message_carrier_sids (migration 0046): one
          // partition, one index probe.
          and(
            eq(
              messages.id,
              sql`(select message_id from message_carrier_sids where carrier_sid = ${by.sid})`,
            ),
            eq(
              messages.createdAt,
              sql`(select created_at from message_carrier_sids where carrier_sid = ${by.sid})`,
            ),
            eq(messages.carrierSid, by.sid),
          ),
    )
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

/** This transaction waits at most 5 s for a lock. */
export async function shortLockTimeout(db: Queryable): Promise<void> {
  await db.query("set local lock_timeout = '5s'");
}

/** Makes the missing partitions of this month and the next `ahead`; returns how many. */
export async function makeMessageMonths(db: Queryable, ahead: number): Promise<number> {
  const { rows } = await db.query<{ made: number }>(
    "select parley_messages_months_ahead($1) as made",
    [ahead],
  );
  return rows[0]?.made ?? 0;
}

/** Gathers the partitioned parent's whole-table statistics. */
export async function analyzeMessagesTable(db: Queryable): Promise<void> {
  await db.query("analyze messages");
}

/** The carrier sids of these messages (an unknown id is missing from the map). */
export async function carrierSidsOf(db: Queryable, ids: number[]) {
  const { rows } = await db.query<{ id: string; carrier_sid: string | null }>(
    "select id, carrier_sid from messages where id = any($1::bigint[])",
    [ids],
  );
  return new Map(rows.map((k) => [Number(k.id), k.carrier_sid]));
}
