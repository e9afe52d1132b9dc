import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../db/connection";
import { freePort } from "../test/free-port";
import { createTestServer } from "../test/harness";
import { adminQuery, dropDatabase, quoteIdent } from "../test/pg-admin";
import { killed } from "../test/worker-process";

/**
 * MIGRATE=off: a process that never migrates, and refuses to start while the database is behind.
 * A worker serves /healthz and /readyz beside its metrics (METRICS_PORT).
 */
const root = path.resolve(import.meta.dirname, "../../..");
const t = await createTestServer();
const children: ChildProcess[] = [];
const adminUrl = inject("pgAdminUrl");
const empty = `${inject("pgTestPrefix")}empty_${randomBytes(4).toString("hex")}`;
afterAll(async () => {
  for (const c of children) await killed(c);
  await dropDatabase(adminUrl, empty).catch(() => {});
});

function worker(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "src/server/main.ts"), "--role=worker"],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "parley-migrate-off-")),
        SEED_DEMO: "false",
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
        MIGRATE: "off",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

describe("MIGRATE=off", () => {
  it("refuses to start on a database that is behind, saying what to do, and migrates nothing", async () => {
    await adminQuery(adminUrl, `create database ${quoteIdent(empty)}`);
    const w = worker({ DATABASE_URL: withDatabase(adminUrl, empty) });
    const code = await new Promise((r) => w.child.once("exit", r));
    expect(code).toBe(1);
    expect(w.output()).toMatch(
      /Parley cannot start: MIGRATE=off and the database is behind this version of Parley: \d+ migration\(s\) not applied .*MIGRATE=auto.*npm run admin -- migrate/,
    );
    const tables = await adminQuery(
      withDatabase(adminUrl, empty),
      "select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')",
    );
    expect(tables.rows[0].n).toBe(0);
  }, 60_000);

  it("starts on an up-to-date database; the worker answers /healthz and /readyz on METRICS_PORT", async () => {
    const port = await freePort();
    const w = worker({ DATABASE_URL: t.databaseUrl, METRICS_PORT: String(port) });
    let ready: Response | undefined;
    for (let i = 0; i < 300 && w.child.exitCode === null; i++) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (ready?.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready?.status, w.output()).toBe(200);
    expect(await ready!.json()).toEqual({ ok: true });
    const alive = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(alive.status).toBe(200);
    expect(w.output()).not.toContain("cannot start");
  }, 60_000);
});
