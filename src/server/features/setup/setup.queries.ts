import { sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";

/**
 * One first owner at a time: two setups sent together (or a setup and the admin command's
 * create-account) queue here, and the second sees the first's user.
 */
export async function lockFirstOwner(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('parley:first-owner'))`);
}
