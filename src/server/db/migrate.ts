import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Db } from "./connection";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const MIGRATION_LOCK = 7_270_001;

/**
 * Applies pending SQL migrations. Several processes may start at once (web + workers), so an
 * advisory lock makes them take turns; the ones that come second find nothing left to do.
 */
export async function runMigrations(db: Db): Promise<void> {
  const lock = await db.$client.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
    // Tables added by later migrations get the row-level wall too (migration 0039).
    await lock.query("select parley_apply_tenant_policies()");
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
}
