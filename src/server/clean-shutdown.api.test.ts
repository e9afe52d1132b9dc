import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./test/free-port";

/**
 * Ctrl+C in a terminal signals the whole process group: the server and its embedded PostgreSQL
 * stop at once, and the queries the background loops have in flight are cut off. That is a clean
 * stop, so nothing at level error (50) or above may be logged.
 */
const root = path.resolve(import.meta.dirname, "../..");
const base = mkdtempSync(path.join(os.tmpdir(), "parley-shutdown-"));
// The `postgres` user (initdb, when run as root) must be able to enter it.
chmodSync(base, 0o755);
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("a clean shutdown", () => {
  it("Ctrl+C (SIGINT to the process group) logs no error", async () => {
    // Its own embedded PostgreSQL, which the signal reaches too.
    const { DATABASE_URL: _, ...env } = process.env;
    const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: "production",
        DATA_DIR: base,
        EMBEDDED_PG_PORT: String(await freePort()),
        PORT: String(await freePort()),
        SEED_DEMO: "false",
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
      },
      // A process group of its own, as a terminal gives the command it runs.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout!.on("data", (c: Buffer) => (output += c.toString()));
    server.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((r) => server.once("exit", (code) => r(code)));
    try {
      for (let i = 0; i < 600 && !output.includes("Parley is running"); i++) {
        if (server.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output).toContain("Parley is running");
      // Let the loops take a few rounds, so queries are in flight when the signal comes.
      await new Promise((r) => setTimeout(r, 1500));
      process.kill(-server.pid!, "SIGINT");
      expect(await exited).toBe(0);
    } finally {
      if (server.exitCode === null) process.kill(-server.pid!, "SIGKILL");
    }
    const errors = output
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { level: number; msg?: string })
      .filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
    expect(output).toContain("stopping Parley");
  }, 120_000);
});
