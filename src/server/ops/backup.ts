import { createHash } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import {
  copyFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { systemClock } from "../clock";
import { isArchiveName, packFolder } from "./backup-archive";
import { listTables, qualified } from "./backup-catalog";
import {
  BACKUP_FORMAT,
  type BackupManifest,
  DATA_FOLDERS,
  MANIFEST_FILE,
  SECRET_KEY_FILE,
  sha256File,
} from "./backup-manifest";
import { appliedMigrations } from "./migration-state";
import { OpsError } from "./ops-error";

/**
 * Writes a backup of the database, DATA_DIR's uploads and imports and the secret key file.
 * The tables are copied inside one REPEATABLE READ READ ONLY transaction: one consistent
 * snapshot, taken while the server keeps running (pg_dump cannot be used: the embedded server is
 * newer than the system's pg_dump).
 */
export async function createBackup(opts: {
  url: string;
  dataDir: string;
  target: string;
  now?: Date;
}): Promise<BackupManifest> {
  const target = path.resolve(opts.target);
  if (existsSync(target)) throw new OpsError(`${opts.target} already exists`);
  const archive = isArchiveName(target);
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  // Beside the target, so the folder form is a rename and a failure leaves no half backup.
  const work = await mkdtemp(path.join(parent, ".parley-backup-"));
  try {
    const manifest = await dumpDatabase(opts.url, work, opts.now ?? systemClock.now());
    manifest.files = await copyDataFolders(opts.dataDir, work);
    const key = path.join(opts.dataDir, SECRET_KEY_FILE);
    manifest.secretKey = existsSync(key);
    if (manifest.secretKey) await copyFile(key, path.join(work, SECRET_KEY_FILE));
    await writeFile(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    if (archive) await packFolder(work, target);
    else await rename(work, target);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function dumpDatabase(url: string, dir: string, now: Date): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: url, application_name: "parley-backup" });
  await client.connect();
  await mkdir(path.join(dir, "tables"));
  try {
    await client.query("begin isolation level repeatable read read only");
    const migrations = await appliedMigrations(client);
    if (migrations.count === 0) throw new OpsError("the database has no Parley tables yet");
    const tables: BackupManifest["tables"] = [];
    for (const t of await listTables(client)) {
      // Drizzle's own bookkeeping is rebuilt by running the migrations on restore.
      const file = path.join("tables", `${t.schema}.${t.name}.copy.gz`);
      const cols = t.columns.map((c) => client.escapeIdentifier(c)).join(", ");
      // A partitioned table cannot be COPYed TO directly; a query over it can.
      const source =
        t.kind === "p"
          ? `(select ${cols} from ${qualified(client, t)})`
          : `${qualified(client, t)} (${cols})`;
      const counter = rowCounter();
      const hash = createHash("sha256");
      const hashing = new Transform({
        transform(chunk, _enc, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(
        client.query(copyTo(`copy ${source} to stdout`)),
        counter.stream,
        createGzip(),
        hashing,
        createWriteStream(path.join(dir, file), { mode: 0o600 }),
      );
      tables.push({
        schema: t.schema,
        name: t.name,
        columns: t.columns,
        rows: counter.rows(),
        file,
        sha256: hash.digest("hex"),
      });
    }
    await client.query("commit");
    return {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      migrations,
      tables,
      files: [],
      secretKey: false,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** COPY's text format ends every row with a newline (newlines inside values are escaped). */
function rowCounter() {
  let rows = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      done(null, chunk);
    },
  });
  return { stream, rows: () => rows };
}

async function copyDataFolders(dataDir: string, work: string): Promise<BackupManifest["files"]> {
  const files: BackupManifest["files"] = [];
  for (const folder of DATA_FOLDERS) {
    const from = path.join(dataDir, folder);
    if (!existsSync(from)) continue;
    const to = path.join(work, "files", folder);
    await cp(from, to, { recursive: true });
    for (const rel of await listFiles(to)) {
      const full = path.join(to, rel);
      files.push({
        path: path.join(folder, rel),
        size: (await stat(full)).size,
        sha256: await sha256File(full),
      });
    }
  }
  return files;
}

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}
