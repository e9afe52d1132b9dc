import type { Db } from "../../db/connection";
import { asSystem } from "../../db/tenant-scope";

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
    const client = await db.$client.connect();
    try {
      await client.query("begin");
      await client.query("set local lock_timeout = '5s'");
      const { rows } = await client.query<{ made: number }>(
        "select parley_messages_months_ahead($1) as made",
        [ahead],
      );
      await client.query("commit");
      return rows[0]?.made ?? 0;
    } catch (err) {
      await client.query("rollback").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  });
}

/**
 * Autovacuum analyzes each partition but never the partitioned parent, whose whole-table
 * statistics the planner uses for joins and EXISTS over all of messages (the report triggers'
 * look-ups among them): without them it plans for a tiny table. The daily job gathers them; an
 * ANALYZE reads a fixed-size sample, so its cost does not grow with the table.
 */
export async function analyzeMessages(db: Db): Promise<void> {
  await asSystem(() => db.$client.query("analyze messages"));
}
