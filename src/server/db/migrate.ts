import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { serverFile } from "../project-root";
import type { Db } from "./connection";

const migrationsFolder = serverFile("db", "migrations");
const MIGRATION_LOCK = 7_270_001;

/**
 * Applies pending SQL migrations. Several processes may start at once (web + workers), so an
 * advisory lock makes them take turns; the ones that come second find nothing left to do.
 */
export async function runMigrations(db: Db): Promise<void> {
  // A connection of its own, outside the pool and its timeouts: waiting for another process's
  // migrations, or a backfill on a large database, may rightly take longer than any request.
  const { options } = db.$client;
  const client = new pg.Client({
    connectionString: options.connectionString,
    application_name: "parley-migrate",
  });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
    // Tables added by later migrations get the row-level wall too (migration 0039).
    await client.query("select parley_apply_tenant_policies()");
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}
