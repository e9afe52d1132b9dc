import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { TestServer } from "./harness";

const root = path.resolve(import.meta.dirname, "../../..");

export const running = (w: ChildProcess) => w.exitCode === null && w.signalCode === null;

/** SIGKILL, as a crash: nothing of the process runs after it. */
export async function killed(child: ChildProcess): Promise<void> {
  if (!running(child)) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
}

/**
 * Worker processes (`main.ts --role=worker`) on a test server's database, for the crash tests:
 * the carrier (the emulator) and the webhooks are that server. `env` adds to the defaults for
 * every worker; `start(extra)` for one. Any still running are killed after the file.
 */
export function workerProcesses(t: TestServer, env: Record<string, string> = {}) {
  const workers: ChildProcess[] = [];
  afterAll(async () => {
    for (const w of workers) await killed(w);
  });
  return {
    workers,
    start(extra: Record<string, string> = {}): ChildProcess {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.join(root, "src/server/main.ts"), "--role=worker"],
        {
          cwd: root,
          env: {
            ...process.env,
            DATABASE_URL: t.databaseUrl,
            PORT: String(t.config.PORT),
            DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "parley-worker-")),
            SEED_DEMO: "false",
            LOG_LEVEL: "warn",
            SEND_MPS_LONG_CODE: "100000",
            SEND_WINDOWS: "off",
            DISPATCH_LEASE_SECONDS: "2",
            DISPATCH_CONCURRENCY: "16",
            ...env,
            ...extra,
          },
          stdio: ["ignore", "ignore", "inherit"],
        },
      );
      workers.push(child);
      return child;
    },
  };
}
