import { createReadStream, existsSync } from "node:fs";
import { chmod, cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { carryJobs, JOBS_SCHEMA, upgradeJobSchema } from "../background/jobs-carry";
import { createDb } from "../db/connection";
import { runMigrations } from "../db/migrate";
import { isArchiveName, unpackArchive } from "./backup-archive";
import { foreignKeyOrder, keyOf, listTables, qualified, resetSequences } from "./backup-catalog";
import {
  type BackupManifest,
  DATA_FOLDERS,
  readManifest,
  SECRET_KEY_FILE,
  verifyChecksums,
} from "./backup-manifest";
import { appliedMigrations, MIGRATIONS_FOLDER, shippedMigrations } from "./migration-state";
import { OpsError } from "./ops-error";

export interface RestoreOptions {
  url: string;
  /** A database on the same server, used to drop and recreate the target with `replace`. */
  maintenanceUrl: string;
  dataDir: string;
  source: string;
  /** Drop the target database (and overwrite files and key) instead of refusing a non-empty one. */
  replace?: boolean;
  log?: (line: string) => void;
}

/**
 * Restores a backup made by `createBackup`: checks it whole first (format, checksums, migration
 * level, secret key), then rebuilds the schema at the backup's migration level, loads every table
 * in foreign-key order with user triggers off (the outbox triggers must not fire a second time),
 * moves the sequences past the restored ids, checks the row counts, and only then applies the
 * migrations this code has beyond the backup's. pg-boss's queues, schedules and waiting jobs are
 * made again through pg-boss (its tables change between its versions). Files and key are put
 * back last.
 */
export async function restoreBackup(opts: RestoreOptions) {
  const log = opts.log ?? (() => {});
  const source = path.resolve(opts.source);
  if (!existsSync(source)) throw new OpsError(`${opts.source} does not exist`);
  const unpacked = isArchiveName(source) || !(await stat(source)).isDirectory();
  const dir = unpacked ? await unpackArchive(source) : source;
  try {
    const manifest = await readManifest(dir);
    await verifyChecksums(dir, manifest);
    assertNotNewer(manifest);
    await assertKeyFits(dir, manifest, opts);
    await prepareTarget(opts, manifest.migrations.count, log);

    const { db, pool } = createDb(opts.url, 2);
    try {
      await migrateTo(db, manifest.migrations.count);
      const client = await pool.connect();
      try {
        await loadTables(client, dir, manifest, log);
      } finally {
        client.release();
      }
      await loadJobQueue(opts.url, dir, manifest, log);
      const before = manifest.migrations.count;
      await runMigrations(db);
      const after = (await withClient(opts.url, appliedMigrations)).count;
      if (after > before) log(`Applied ${after - before} newer migration(s) to the restored data.`);
    } finally {
      await pool.end();
    }
    await restoreFiles(dir, manifest, opts);
    return {
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
      files: manifest.files.length,
      createdAt: manifest.createdAt,
    };
  } finally {
    if (unpacked) await rm(dir, { recursive: true, force: true });
  }
}

function assertNotNewer(manifest: BackupManifest) {
  const shipped = shippedMigrations();
  const known =
    manifest.migrations.lastWhen === null
      ? true
      : shipped.some((m) => m.when === manifest.migrations.lastWhen);
  if (manifest.migrations.count > shipped.length || !known) {
    throw new OpsError(
      `this backup was made by a newer Parley (migration ${manifest.migrations.lastTag ?? manifest.migrations.count}); this one knows ${shipped.length} migrations: upgrade Parley first`,
    );
  }
}

async function assertKeyFits(dir: string, manifest: BackupManifest, opts: RestoreOptions) {
  if (!manifest.secretKey || opts.replace) return;
  const current = path.join(opts.dataDir, SECRET_KEY_FILE);
  if (!existsSync(current)) return;
  const [mine, theirs] = await Promise.all([
    readFile(current, "utf8"),
    readFile(path.join(dir, SECRET_KEY_FILE), "utf8"),
  ]);
  if (mine.trim() !== theirs.trim()) {
    throw new OpsError(
      `${current} holds a different key than the backup's: pass --replace to overwrite it (the authenticator secrets of the backup need the backup's key)`,
    );
  }
}

/** An empty database is restored into; a used one only with --replace, dropped and made again. */
async function prepareTarget(
  opts: RestoreOptions,
  backupMigrations: number,
  log: (line: string) => void,
) {
  const name = decodeURIComponent(new URL(opts.url).pathname.slice(1));
  const exists = await withClient(opts.maintenanceUrl, async (c) => {
    const r = await c.query("select 1 from pg_database where datname = $1", [name]);
    return r.rowCount === 1;
  });
  if (!exists) {
    await withClient(opts.maintenanceUrl, (c) =>
      c.query(`create database ${c.escapeIdentifier(name)}`),
    );
    return;
  }
  const { accounts, others, migrations } = await withClient(opts.url, async (c) => {
    const table = await c.query("select to_regclass('public.accounts') is not null as present");
    const n = table.rows[0].present
      ? Number((await c.query("select count(*) as n from public.accounts")).rows[0].n)
      : 0;
    const o = await c.query(
      "select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return {
      accounts: n,
      others: Number(o.rows[0].n),
      migrations: (await appliedMigrations(c)).count,
    };
  });
  if (others > 0) {
    throw new OpsError(
      `${others} other connection(s) use database "${name}": stop Parley before restoring`,
    );
  }
  // The rows must go into the schema they were written for, then take the newer migrations.
  const tooNew = migrations > backupMigrations;
  if (accounts === 0 && !tooNew) return;
  if (!opts.replace) {
    throw new OpsError(
      accounts > 0
        ? `database "${name}" already has ${accounts} account(s): restore into an empty database, or pass --replace to drop it first`
        : `database "${name}" has newer migrations (${migrations}) than the backup (${backupMigrations}): pass --replace so it is made again at the backup's level`,
    );
  }
  log(`Dropping database "${name}" and creating it again…`);
  await withClient(opts.maintenanceUrl, async (c) => {
    await c.query(`drop database ${c.escapeIdentifier(name)} with (force)`);
    await c.query(`create database ${c.escapeIdentifier(name)}`);
  });
}

/** Applies the first `count` migrations only: the schema the backup's rows were written for. */
async function migrateTo(db: ReturnType<typeof createDb>["db"], count: number) {
  const folder = await mkdtemp(path.join(os.tmpdir(), "parley-migrations-"));
  try {
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8"));
    journal.entries = journal.entries.slice(0, count);
    await writeFile(journalFile, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The tables of pg-boss a backup's jobs are read from (the others are its bookkeeping). */
const JOB_TABLES = ["queue", "schedule", "job"];
const JOBS_SCRATCH = "parley_restore_jobs";

/**
 * The backup's pg-boss rows go into a scratch schema, as text in the backup's own columns (pg-boss
 * 10 or 12), and are made again from there by pg-boss: its queues with their options, schedules and
 * the jobs still to run. Its history of finished jobs is not brought back.
 */
async function loadJobQueue(
  url: string,
  dir: string,
  manifest: BackupManifest,
  log: (line: string) => void,
) {
  const tables = manifest.tables.filter(
    (t) => t.schema === JOBS_SCHEMA && JOB_TABLES.includes(t.name),
  );
  if (tables.length === 0) return;
  await withClient(url, async (c) => {
    await c.query(`drop schema if exists ${JOBS_SCRATCH} cascade`);
    await c.query(`create schema ${JOBS_SCRATCH}`);
    for (const t of tables) {
      const target = qualified(c, { schema: JOBS_SCRATCH, name: t.name });
      const cols = t.columns.map((col) => `${c.escapeIdentifier(col)} text`).join(", ");
      await c.query(`create table ${target} (${cols})`);
      await copyInto(c, dir, t, target);
    }
  });
  try {
    // An empty database that a Parley on pg-boss 10 started on holds its schema: bring it up first.
    await upgradeJobSchema(url);
    const n = await carryJobs(url, JOBS_SCRATCH);
    log(`Job queue: ${n.queues} queue(s), ${n.schedules} schedule(s), ${n.jobs} waiting job(s).`);
  } finally {
    await withClient(url, (c) => c.query(`drop schema if exists ${JOBS_SCRATCH} cascade`));
  }
}

async function loadTables(
  client: pg.PoolClient,
  dir: string,
  manifest: BackupManifest,
  log: (line: string) => void,
) {
  const present = new Map((await listTables(client)).map((t) => [keyOf(t), t]));
  // pg-boss's tables are loaded apart (loadJobQueue).
  const tables = manifest.tables.filter((t) => t.schema !== JOBS_SCHEMA);
  for (const t of tables) {
    if (!present.has(keyOf(t)))
      throw new OpsError(`table ${keyOf(t)} of the backup is missing here`);
  }
  const ordered = await foreignKeyOrder(client, tables);
  // A partitioned table (messages) is loaded through its parent, so the parent's own triggers
  // (the statement-level rollups of 0040 and 0045) must be off too, or they fill the rollups a
  // second time before the backup's copies of them arrive.
  const plain = ordered.filter((t) => ["r", "p"].includes(present.get(keyOf(t))!.kind));

  await client.query("begin");
  try {
    // Whatever the migrations inserted (consumer names, defaults) comes back from the backup.
    if (ordered.length > 0)
      await client.query(`truncate ${ordered.map((t) => qualified(client, t)).join(", ")}`);
    for (const t of plain)
      await client.query(`alter table ${qualified(client, t)} disable trigger user`);
    for (const t of ordered) await copyInto(client, dir, t, qualified(client, t));
    for (const t of plain)
      await client.query(`alter table ${qualified(client, t)} enable trigger user`);
    const sequences = await resetSequences(client);
    for (const t of tables) {
      const { rows } = await client.query(`select count(*) as n from ${qualified(client, t)}`);
      if (Number(rows[0].n) !== t.rows) {
        throw new OpsError(
          `${keyOf(t)} has ${rows[0].n} rows after the restore; the backup has ${t.rows}`,
        );
      }
    }
    await client.query("commit");
    log(`Loaded ${tables.length} tables; ${sequences} sequences moved past the restored ids.`);
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  }
}

async function copyInto(
  client: pg.ClientBase,
  dir: string,
  t: BackupManifest["tables"][number],
  target: string,
) {
  const cols = t.columns.map((c) => client.escapeIdentifier(c)).join(", ");
  await pipeline(
    createReadStream(path.join(dir, t.file)),
    createGunzip(),
    client.query(copyFrom(`copy ${target} (${cols}) from stdin`)),
  );
}

async function restoreFiles(dir: string, manifest: BackupManifest, opts: RestoreOptions) {
  await mkdir(opts.dataDir, { recursive: true });
  for (const folder of DATA_FOLDERS) {
    const from = path.join(dir, "files", folder);
    if (!existsSync(from)) continue;
    const to = path.join(opts.dataDir, folder);
    if (opts.replace) await rm(to, { recursive: true, force: true });
    await cp(from, to, { recursive: true, force: Boolean(opts.replace) });
  }
  if (manifest.secretKey) {
    const key = path.join(opts.dataDir, SECRET_KEY_FILE);
    await cp(path.join(dir, SECRET_KEY_FILE), key, { force: true });
    await chmod(key, 0o600);
  }
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: "parley-restore" });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}
