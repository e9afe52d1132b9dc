import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb, withDatabase } from "../db/connection";
import { runMigrations } from "../db/migrate";
import { createTestServer } from "../test/harness";
import { dropDatabase } from "../test/pg-admin";
import { createBackup } from "./backup";
import { createAccountWithOwner } from "./create-account";
import { restoreBackup } from "./restore";

// Backup and restore end to end: a filled account goes into a .tar.gz and comes back, whole, in a
// second database and DATA_DIR; restore refuses what it must not overwrite or cannot read.
const scratch = mkdtempSync(path.join(os.tmpdir(), "parley-backup-test-"));
const dataDir = path.join(scratch, "data");
const t = await createTestServer({ env: { DATA_DIR: dataDir } });
const adminUrl = inject("pgAdminUrl");
const targetName = `${inject("pgTestPrefix")}restore_${randomBytes(4).toString("hex")}`;
const targetUrl = withDatabase(adminUrl, targetName);
const restoredDir = path.join(scratch, "restored");

afterAll(async () => {
  await dropDatabase(adminUrl, targetName);
  await dropDatabase(adminUrl, `${targetName}_y`);
  await rm(scratch, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function fillAccount() {
  const made = await createAccountWithOwner(t.db, {
    businessName: "Backup Bakery",
    username: `baker_${randomBytes(3).toString("hex")}`,
    email: `baker-${randomBytes(3).toString("hex")}@example.test`,
  });
  const url = t.databaseUrl;
  const [group] = await query<{ id: number }>(
    url,
    "insert into groups (account_id, name) values ($1, 'Regulars') returning id",
    [made.accountId],
  );
  const subs = await query<{ id: number }>(
    url,
    `insert into subscribers (account_id, phone, first_name)
     select $1, '+1555010' || lpad(g::text, 4, '0'), 'Sub ' || g from generate_series(1, 25) g
     returning id`,
    [made.accountId],
  );
  await query(
    url,
    "insert into group_members (group_id, subscriber_id) select $1, unnest($2::bigint[])",
    [group!.id, subs.map((s) => s.id)],
  );
  await query(
    url,
    `insert into messages (account_id, direction, from_number, to_number, body, status)
     values ($1, 'outbound', '+15550000001', '+15550100001', 'Fresh rolls at 8, with a line
break and a tab	inside', 'Delivered'),
            ($1, 'inbound', '+15550100001', '+15550000001', 'Yes please ✓', 'Received')`,
    [made.accountId],
  );
  // A queue with options of its own, its schedule and a waiting job.
  const boss = new PgBoss({
    connectionString: url,
    schema: "pgboss",
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.createQueue("backup-test", { retryLimit: 4 });
  await boss.schedule("backup-test", "0 3 * * *", { nightly: true }, { tz: "Europe/Paris" });
  await boss.send("backup-test", { accountId: made.accountId });
  await boss.stop({ graceful: false });
  await mkdir(path.join(dataDir, "uploads", String(made.accountId)), { recursive: true });
  await writeFile(path.join(dataDir, "uploads", String(made.accountId), "menu.jpg"), "jpeg bytes");
  await writeFile(path.join(dataDir, "secret.key"), randomBytes(32).toString("base64url"));
  return made;
}

const COUNTED = [
  "accounts",
  "users",
  "templates",
  "account_settings",
  "subscribers",
  "groups",
  "group_members",
  "messages",
  "account_events",
  "consent_events",
  "pgboss.queue",
  "pgboss.schedule",
  "pgboss.job",
];

async function counts(url: string) {
  const out: Record<string, number> = {};
  for (const table of COUNTED) {
    const [row] = await query<{ n: string }>(url, `select count(*) as n from ${table}`);
    out[table] = Number(row!.n);
  }
  return out;
}

// Backups and restores of a filled account take seconds each; a loaded CI machine, many more.
describe("backup and restore", { timeout: 90_000 }, () => {
  let archive = "";
  let accountId = 0;

  it("restores a filled account into an empty database, files and key included", async () => {
    accountId = (await fillAccount()).accountId;
    archive = path.join(scratch, "parley.tar.gz");
    const manifest = await createBackup({ url: t.databaseUrl, dataDir, target: archive });
    expect(manifest.tables.find((x) => x.name === "subscribers")?.rows).toBe(25);
    expect(manifest.files.map((f) => f.path)).toContain(
      path.join("uploads", String(accountId), "menu.jpg"),
    );

    const result = await restoreBackup({
      url: targetUrl,
      maintenanceUrl: adminUrl,
      dataDir: restoredDir,
      source: archive,
    });
    expect(result.rows).toBe(manifest.tables.reduce((n, x) => n + x.rows, 0));

    const before = await counts(t.databaseUrl);
    expect(before.subscribers).toBe(25);
    expect(before["pgboss.job"]).toBe(1);
    expect(before["pgboss.schedule"]).toBe(1);
    expect(before.account_events).toBeGreaterThanOrEqual(25);
    // Equal counts of account_events: the outbox triggers did not fire again on load.
    expect(await counts(targetUrl)).toEqual(before);

    const jobs = `select q.name, q.retry_limit, s.cron, s.timezone, s.data as scheduled, j.id, j.data
                    from pgboss.queue q join pgboss.schedule s using (name) join pgboss.job j using (name)`;
    const restoredJobs = await query(targetUrl, jobs);
    expect(restoredJobs).toEqual(await query(t.databaseUrl, jobs));
    expect(restoredJobs).toEqual([
      expect.objectContaining({ name: "backup-test", retry_limit: 4, timezone: "Europe/Paris" }),
    ]);

    const pick = `select id, phone, first_name, area_code from subscribers where account_id = $1 order by id`;
    expect(await query(targetUrl, pick, [accountId])).toEqual(
      await query(t.databaseUrl, pick, [accountId]),
    );
    const bodies = "select id, body, status from messages order by id";
    expect(await query(targetUrl, bodies)).toEqual(await query(t.databaseUrl, bodies));
    const [owner] = await query<{ permission_level: number }>(
      targetUrl,
      "select permission_level from users where account_id = $1",
      [accountId],
    );
    expect(owner?.permission_level).toBe(3);

    expect(
      await readFile(path.join(restoredDir, "uploads", String(accountId), "menu.jpg"), "utf8"),
    ).toBe("jpeg bytes");
    expect(await readFile(path.join(restoredDir, "secret.key"), "utf8")).toBe(
      await readFile(path.join(dataDir, "secret.key"), "utf8"),
    );
  });

  it("continues the sequences past the restored ids", async () => {
    const [max] = await query<{ id: string }>(targetUrl, "select max(id) as id from subscribers");
    const [row] = await query<{ id: string }>(
      targetUrl,
      "insert into subscribers (account_id, phone) values ($1, '+15550199999') returning id",
      [accountId],
    );
    expect(Number(row!.id)).toBeGreaterThan(Number(max!.id));
    const [account] = await query<{ id: number }>(
      targetUrl,
      "insert into accounts (account_name, business_name, email) values ('after-restore', 'After', 'a@example.test') returning id",
    );
    expect(account!.id).toBeGreaterThan(accountId);
  });

  it("refuses a database that already has accounts, unless told to replace it", async () => {
    await expect(
      restoreBackup({
        url: targetUrl,
        maintenanceUrl: adminUrl,
        dataDir: restoredDir,
        source: archive,
      }),
    ).rejects.toThrow(/already has 2 account\(s\)/);
    await restoreBackup({
      url: targetUrl,
      maintenanceUrl: adminUrl,
      dataDir: restoredDir,
      source: archive,
      replace: true,
    });
    expect((await counts(targetUrl)).accounts).toBe((await counts(t.databaseUrl)).accounts);
  });

  it("refuses a backup made by newer migrations, and a different secret key", async () => {
    const folder = path.join(scratch, "as-folder");
    await createBackup({ url: t.databaseUrl, dataDir, target: folder });
    const manifestFile = path.join(folder, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
    const fresh = { url: withDatabase(adminUrl, `${targetName}_x`), maintenanceUrl: adminUrl };

    await writeFile(path.join(restoredDir, "secret.key"), "another key");
    await expect(restoreBackup({ ...fresh, dataDir: restoredDir, source: folder })).rejects.toThrow(
      /holds a different key/,
    );

    manifest.migrations = {
      count: manifest.migrations.count + 1,
      lastTag: "9999_future",
      lastWhen: 9e12,
    };
    await writeFile(manifestFile, JSON.stringify(manifest));
    await expect(
      restoreBackup({ ...fresh, dataDir: path.join(scratch, "other"), source: folder }),
    ).rejects.toThrow(/made by a newer Parley \(migration 9999_future\)/);
    // Refused before anything was touched: no database was created for it.
    expect(
      await query(adminUrl, "select 1 from pg_database where datname = $1", [`${targetName}_x`]),
    ).toEqual([]);
    expect(existsSync(path.join(scratch, "other"))).toBe(false);
  });
  it("refuses an empty database already migrated beyond the backup's level", async () => {
    const folder = path.join(scratch, "older");
    await createBackup({ url: t.databaseUrl, dataDir, target: folder });
    const manifestFile = path.join(folder, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
    manifest.migrations.count -= 1;
    await writeFile(manifestFile, JSON.stringify(manifest));
    const url = withDatabase(adminUrl, `${targetName}_y`);
    await query(adminUrl, `create database "${targetName}_y"`);
    const { db, pool } = createDb(url, 2);
    await runMigrations(db);
    await pool.end();
    await expect(
      restoreBackup({
        url,
        maintenanceUrl: adminUrl,
        dataDir: path.join(scratch, "y"),
        source: folder,
      }),
    ).rejects.toThrow(/has newer migrations .* than the backup/);
  });
});
