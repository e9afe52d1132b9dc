import {
  createTableRelationsHelpers,
  type ExtractTablesWithRelations,
  extractTablesRelationalConfig,
  type RelationalSchemaConfig,
} from "drizzle-orm";
import { drizzle, NodePgDatabase, NodePgSession } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg, { type PoolClient } from "pg";
import { log } from "../log";
import * as schema from "./schema";
import { TenantPool } from "./tenant-scope";

export type Db = ReturnType<typeof createDb>["db"];

/**
 * Limits that keep one stuck piece of work from holding a connection, a lock or a pool slot for
 * good (every account shares the pool). Generous: a million-row import or fan-out statement
 * stays well inside them.
 */
export interface DbTimeouts {
  /** Waiting for a free pooled connection. */
  acquireMs: number;
  statementMs: number;
  lockMs: number;
  /** A transaction left open while its process does nothing with it. */
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  acquireMs: 15_000,
  statementMs: 300_000,
  lockMs: 30_000,
  idleInTransactionMs: 120_000,
};

export function createDb(url: string, max = 10, timeouts: DbTimeouts = DEFAULT_DB_TIMEOUTS) {
  // Checkouts take the acting account's row-level wall (tenant-scope.ts).
  const pool = new TenantPool({
    connectionString: url,
    max,
    application_name: "parley",
    connectionTimeoutMillis: timeouts.acquireMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
  // A cut connection (the server restarting) must not crash the process: an idle one is reported
  // to the pool, a checked-out one (the migration lock, a transaction) to the client itself; its
  // queries fail and the pool replaces it.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool };
}

/**
 * The SQL dialect and the schema's relational config (every table's relations, worked out from
 * the whole schema) that `drizzle()` would build again for each transaction: built once.
 */
let shared: {
  dialect: PgDialect;
  relational: RelationalSchemaConfig<ExtractTablesWithRelations<typeof schema>>;
};
function sharedDrizzle() {
  if (!shared) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    shared = {
      dialect: new PgDialect({ casing: "snake_case" }),
      relational: {
        fullSchema: schema,
        schema: tables.tables as ExtractTablesWithRelations<typeof schema>,
        tableNamesMap: tables.tableNamesMap,
      },
    };
  }
  return shared;
}

/**
 * A Db whose every statement runs on `client`, a connection whose transaction the caller holds:
 * work handed a context built on it reads and writes inside that transaction instead of asking
 * the pool for another connection (which, with every connection so held, waits for good). A
 * `transaction()` on it joins the caller's transaction rather than opening one.
 */
export function dbOnClient(client: PoolClient): Db {
  const { dialect, relational } = sharedDrizzle();
  const db = new NodePgDatabase(
    dialect,
    new NodePgSession(client, dialect, relational, {}),
    relational,
  ) as NodePgDatabase<typeof schema> & { $client: PoolClient };
  db.$client = client;
  const joined = Object.assign(db, {
    transaction: <T>(work: (tx: typeof db) => Promise<T>) => inSavepoint(client, () => work(db)),
  });
  return joined as unknown as Db;
}

/** An open transaction of inTransaction: its pool, its savepoints, what waits for its commit. */
interface OpenTransaction {
  root: Db;
  depth: number;
  effects: ((root: Db) => void)[];
}

const open = new WeakMap<PoolClient, OpenTransaction>();

function openOf(db: unknown): OpenTransaction | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client && typeof client === "object" ? open.get(client as PoolClient) : undefined;
}

/**
 * Work inside the caller's transaction that succeeds or fails as a whole (a savepoint): a caller
 * that catches its failure carries on with the transaction usable and none of its writes kept,
 * as it would have with a transaction of its own.
 */
async function inSavepoint<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
  const tx = open.get(client);
  // A client handed in from elsewhere (not opened here): nothing to nest in.
  if (!tx) return work();
  const name = `sp${++tx.depth}`;
  const mark = tx.effects.length;
  await client.query(`savepoint ${name}`);
  try {
    const result = await work();
    await client.query(`release savepoint ${name}`);
    return result;
  } catch (err) {
    await client.query(`rollback to savepoint ${name}`).catch(() => {});
    // What the rolled-back work asked to do after commit is dropped with it.
    tx.effects.length = mark;
    throw err;
  } finally {
    tx.depth--;
  }
}

/**
 * Runs `effect` once what `db` wrote is committed: at once on the pool, after the commit inside
 * a transaction (dropped when it rolls back), so nobody outside is told of what may never be.
 * It is given the pool, the transaction's connection being gone by then.
 */
export function afterCommit(db: Executor, effect: (root: Db) => void): void {
  const tx = openOf(db);
  if (tx) tx.effects.push(effect);
  else effect(db as Db);
}

/** The pool behind `db`, which may be an open transaction's connection. */
export function rootDb(db: Executor): Db {
  return openOf(db)?.root ?? (db as Db);
}

/**
 * Runs `work` in one transaction on one pooled connection, committed when it resolves and rolled
 * back when it throws. `tx` is that connection as a Db (drizzle and `$client.query` alike), so a
 * context built on it (`{ ...ctx, db: tx }`) keeps everything the work calls inside.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Db, client: PoolClient) => Promise<T>,
): Promise<T> {
  // Already a transaction's connection (work handed `{ ...ctx, db: tx }`): a savepoint in it,
  // rather than a second connection whose locks could wait for this one.
  if (openOf(db)) {
    const client = db.$client as unknown as PoolClient;
    return inSavepoint(client, () => work(db, client));
  }
  const client = await db.$client.connect();
  const tx: OpenTransaction = { root: db, depth: 0, effects: [] };
  open.set(client, tx);
  let committed = false;
  try {
    await client.query("begin");
    const result = await work(dbOnClient(client), client);
    // A transaction an error left aborted answers COMMIT with a rollback.
    committed = (await client.query("commit")).command === "COMMIT";
    return result;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    open.delete(client);
    client.release();
    if (committed)
      for (const effect of tx.effects) {
        try {
          effect(db);
        } catch (err) {
          log.error({ component: "db", err }, "effect after commit failed");
        }
      }
  }
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
