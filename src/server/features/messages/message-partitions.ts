import { type Db, inTransaction } from "../../db/connection";
import { asSystem } from "../../db/tenant-scope";
import * as q from "./messages.queries";

/** Months of messages partitions kept ready beyond the current one (migration 0046). */
export const MONTHS_AHEAD = 3;

/**
 * Makes the partitions of this month and the next `ahead` ones that are missing; returns how many
 * it made. Attaching takes a light lock on the parent, but it waits behind a long-running DDL
 * lock: a short lock_timeout makes it give up and try again the next day (three months ahead
 * leave plenty of days) rather than hold up the texts queued behind it.
 */
export async function ensureMessageMonths(db: Db, ahead = MONTHS_AHEAD): Promise<number> {
  return asSystem(async () => {
    return inTransaction(db, async (_tx, client) => {
      await q.shortLockTimeout(client);
      return q.makeMessageMonths(client, ahead);
    });
  });
}

/**
 * Autovacuum analyzes each partition but never the partitioned parent, whose whole-table
 * statistics the planner uses for joins and EXISTS over all of messages (the report triggers'
 * look-ups among them): without them it plans for a tiny table. The daily job gathers them; an
 * ANALYZE reads a fixed-size sample, so its cost does not grow with the table.
 */
export async function analyzeMessages(db: Db): Promise<void> {
  await asSystem(() => q.analyzeMessagesTable(db.$client));
}
