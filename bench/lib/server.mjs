// Shared by the benchmarks: a production Parley server (scripts/start.mjs) on a fresh data folder
// with its own embedded PostgreSQL, waited for, measured and stopped.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A new data folder under the system's temporary folder, readable by PostgreSQL's own user. */
export function makeDataDir(prefix = "parley-bench-") {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

export function removeDataDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** Connection string of the embedded PostgreSQL listening on pgPort. */
export const databaseUrl = (pgPort) => `postgres://postgres:parley@127.0.0.1:${pgPort}/parley`;

/** Spawns `node scripts/start.mjs` on port (its PostgreSQL on pgPort) over dataDir; env adds to the defaults. */
export function spawnServer({
  port,
  pgPort,
  dataDir,
  env = {},
  stdio = ["ignore", "ignore", "inherit"],
}) {
  return spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
    },
    stdio,
  });
}

/**
 * Polls base + path every intervalMs until it answers 2xx, at most `tries` times; with
 * failOnExit it gives up as soon as the server process has exited.
 */
export async function waitForServer(
  server,
  base,
  { tries = 600, failOnExit = false, path: pathname = "/healthz", intervalMs = 100 } = {},
) {
  for (let i = 0; i < tries; i++) {
    if (failOnExit && server.exitCode !== null)
      throw new Error("the server stopped while starting");
    try {
      if ((await fetch(`${base}${pathname}`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error("server did not start");
}

/** Signals a child process (if it still runs) and waits for it to exit. */
export async function stopProcess(child, signal = "SIGTERM") {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await exited;
}

/**
 * A production server for one benchmark: ports firstPort + (pid % spread) and that + 20,000 for
 * PostgreSQL, a fresh data folder. `ready()` waits for it; `stop()` stops it and removes the folder.
 */
export function startServer({ firstPort, spread = 40, env = {}, prefix, stdio, wait = {} }) {
  const port = firstPort + (process.pid % spread);
  const pgPort = port + 20_000;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = makeDataDir(prefix);
  const server = spawnServer({ port, pgPort, dataDir, env, stdio });
  return {
    port,
    pgPort,
    base,
    dataDir,
    server,
    databaseUrl: databaseUrl(pgPort),
    ready: () => waitForServer(server, base, wait),
    async stop(signal = "SIGTERM") {
      await stopProcess(server, signal);
      removeDataDir(dataDir);
    },
  };
}

/** The p-th percentile of an ascending array (nearest rank, as every benchmark reports it). */
export const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Resident memory of one process, in MB (0 once it is gone). */
export function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
  } catch {
    return 0;
  }
}

/** Resident memory of a process and its direct node children, in MB. */
export function treeRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    let mb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)) {
      if (!child) continue;
      const s = readFileSync(`/proc/${child}/status`, "utf8");
      if (/Name:\s+node/.test(s)) mb += Number(/VmRSS:\s+(\d+)/.exec(s)?.[1] ?? 0) / 1024;
    }
    return mb;
  } catch {
    return 0;
  }
}

/** Logs in as the seeded demo user; returns the session cookie ("parley_session=…") to send back. */
export async function logInAsDemo(base) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-parley-csrf": "1" },
    body: JSON.stringify({ username: "demo", password: "demo1234" }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const session = login.headers.getSetCookie().find((c) => c.startsWith("parley_session="));
  if (!session) throw new Error("login: no session cookie");
  return session.split(";")[0];
}
