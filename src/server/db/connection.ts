import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";
import { TenantPool } from "./tenant-scope";

export type Db = ReturnType<typeof createDb>["db"];

export function createDb(url: string, max = 10) {
  // Checkouts take the acting account's row-level wall (tenant-scope.ts).
  const pool = new TenantPool({ connectionString: url, max, application_name: "parley" });
  // A cut connection (the server restarting) must not crash the process: an idle one is reported
  // to the pool, a checked-out one (the migration lock, a transaction) to the client itself; its
  // queries fail and the pool replaces it.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool };
}

/** Database URL with another database name: used to create and reach per-test databases. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', "")}"`);
  } finally {
    await client.end();
  }
}

/** A database handle or an open transaction: queries that may run inside one accept either. */
export type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];
