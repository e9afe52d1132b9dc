import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { PgBoss } from "pg-boss";
import PgBoss10 from "pg-boss-10";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { z } from "zod";
import { createDb, withDatabase } from "../db/connection";
import { runMigrations } from "../db/migrate";
import { createBackup } from "../ops/backup";
import { restoreBackup } from "../ops/restore";
import { createTestServer } from "../test/harness";
import { dropDatabase } from "../test/pg-admin";
import { defineJob, defineQueue } from "./job";
import { startJobs } from "./jobs";
import { setQueue } from "./queue";

// An install that ran Parley with pg-boss 10 has pg-boss 10's schema (version 24) in its database,
// which pg-boss 12 does not migrate: starting the jobs carries its queues, schedules and waiting
// jobs over, and a backup taken then restores into this version.
const t = await createTestServer();
const adminUrl = inject("pgAdminUrl");
const targetName = `${inject("pgTestPrefix")}restore_v10_${randomBytes(4).toString("hex")}`;
const scratch = mkdtempSync(path.join(os.tmpdir(), "parley-jobs-upgrade-"));

afterAll(async () => {
  await dropDatabase(adminUrl, targetName);
  await dropDatabase(adminUrl, `${targetName}_old`);
  await rm(scratch, { recursive: true, force: true });
});

const QUEUE = "upgrade-test";
const CRON = "0 4 1 1 *";

async function query<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** What pg-boss 10 leaves behind: a queue with its own options, a schedule and a waiting job. */
async function fillWithPgBoss10(url: string) {
  const old = new PgBoss10({
    connectionString: url,
    schema: "pgboss",
    supervise: false,
    schedule: false,
  });
  await old.start();
  await old.createQueue(QUEUE, { name: QUEUE, retryLimit: 5, expireInSeconds: 120 });
  await old.schedule(QUEUE, CRON, { report: "yearly" }, { tz: "America/Chicago" });
  const id = await old.send(QUEUE, { accountId: 42 });
  await old.stop({ graceful: false, wait: true });
  return id!;
}

async function expectCarried(boss: PgBoss) {
  const queue = await boss.getQueue(QUEUE);
  expect(queue).toMatchObject({ name: QUEUE, retryLimit: 5, expireInSeconds: 120 });
  const schedules = await boss.getSchedules(QUEUE);
  expect(schedules).toEqual([
    expect.objectContaining({
      name: QUEUE,
      cron: CRON,
      timezone: "America/Chicago",
      data: { report: "yearly" },
    }),
  ]);
}

describe("jobs of an install that ran pg-boss 10", { timeout: 60_000 }, () => {
  let jobId = "";
  const backup = path.join(scratch, "backup");

  it("starts on pg-boss 10's schema: the waiting job runs, queue and schedule are kept", async () => {
    jobId = await fillWithPgBoss10(t.databaseUrl);
    const [before] = await query<{ version: number }>(
      t.databaseUrl,
      "select version from pgboss.version",
    );
    expect(before?.version).toBe(24);
    await createBackup({ url: t.databaseUrl, dataDir: path.join(scratch, "data"), target: backup });

    const seen: unknown[] = [];
    const job = defineJob({
      queue: defineQueue(QUEUE, z.object({ accountId: z.number() })),
      handler: async (_ctx, data) => {
        seen.push(data);
      },
    });
    const boss = await startJobs(t.ctx, t.databaseUrl, [job], true);
    try {
      await vi.waitFor(() => expect(seen).toEqual([{ accountId: 42 }]), {
        timeout: 20_000,
        interval: 200,
      });
      await vi.waitFor(
        async () => expect((await boss.getJobById(QUEUE, jobId))?.state).toBe("completed"),
        { timeout: 5000, interval: 200 },
      );
      await expectCarried(boss);
      const [after] = await query<{ version: number }>(
        t.databaseUrl,
        "select version from pgboss.version",
      );
      expect(after!.version).toBeGreaterThan(24);
      const [old] = await query<{ gone: boolean }>(
        t.databaseUrl,
        "select to_regnamespace('pgboss_v10') is null as gone",
      );
      expect(old?.gone).toBe(true);
    } finally {
      setQueue(undefined);
      await boss.stop({ graceful: false });
    }

    // A second start finds pg-boss 12's schema and leaves it as it is.
    const again = await startJobs(t.ctx, t.databaseUrl, [job], false);
    try {
      await expectCarried(again);
    } finally {
      setQueue(undefined);
      await again.stop({ graceful: false });
    }
  });

  it("restores a backup taken with pg-boss 10: queue, schedule and waiting job", async () => {
    const url = withDatabase(adminUrl, targetName);
    await restoreBackup({
      url,
      maintenanceUrl: adminUrl,
      dataDir: path.join(scratch, "restored"),
      source: backup,
    });
    const [job] = await query<{ id: string; state: string; data: unknown }>(
      url,
      `select id, state, data from pgboss.job where name = '${QUEUE}'`,
    );
    expect(job).toEqual({ id: jobId, state: "created", data: { accountId: 42 } });
    const boss = await startJobs(t.ctx, url, [], false);
    try {
      await expectCarried(boss);
    } finally {
      setQueue(undefined);
      await boss.stop({ graceful: false });
    }
  });

  it("restores into an empty database that a Parley on pg-boss 10 started on", async () => {
    const name = `${targetName}_old`;
    const url = withDatabase(adminUrl, name);
    await query(adminUrl, `create database "${name}"`);
    const { db, pool } = createDb(url, 2);
    await runMigrations(db);
    await pool.end();
    const stale = await fillWithPgBoss10(url);
    await restoreBackup({
      url,
      maintenanceUrl: adminUrl,
      dataDir: path.join(scratch, "restored-old"),
      source: backup,
    });
    // The backup's queue replaced the one that was there, with its jobs.
    const jobs = await query<{ id: string }>(url, "select id from pgboss.job");
    expect(jobs).toEqual([{ id: jobId }]);
    expect(jobId).not.toBe(stale);
    const boss = await startJobs(t.ctx, url, [], false);
    try {
      await expectCarried(boss);
    } finally {
      setQueue(undefined);
      await boss.stop({ graceful: false });
    }
  });
});
