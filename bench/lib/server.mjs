// Shared by the benchmarks: a production Parley server (scripts/start.mjs) on a fresh data folder
// with its own embedded PostgreSQL, waited for, measured and stopped.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** A port nobody listens on now (the OS picks it), so runs beside other suites never collide. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

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
  // BENCH_NODE_FLAGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", which NODE_OPTIONS refuses)
  // runs the compiled server with those flags, without start.mjs (`npm run build` must have run).
  const flags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean);
  const args = flags?.length
    ? [...flags, "--enable-source-maps", "dist/server/main.js"]
    : ["scripts/start.mjs"];
  return spawn(process.execPath, args, {
    env: {
      ...(flags?.length ? { NODE_ENV: "production" } : {}),
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
 * PostgreSQL, a fresh data folder (or `dataDir`). `ready()` waits for it; `stop()` stops it and removes
 * the folder. With `settled`, ready() waits for /readyz, which answers once the demo data seeded
 * after listening is in (else that seeding's work runs inside the measurement).
 */
export function startServer({
  firstPort,
  spread = 40,
  env = {},
  prefix,
  stdio,
  wait = {},
  dataDir: reused,
  settled = false,
}) {
  const port = firstPort + (process.pid % spread);
  const pgPort = port + 20_000;
  const base = `http://127.0.0.1:${port}`;
  // A kept data folder (a benchmark's BENCH_DATA) is reused as it is: its migrations run first.
  const dataDir = reused ?? makeDataDir(prefix);
  const server = spawnServer({
    port,
    pgPort,
    dataDir,
    env,
    stdio,
  });
  return {
    port,
    pgPort,
    base,
    dataDir,
    server,
    databaseUrl: databaseUrl(pgPort),
    // /readyz answers once start-up, demo seeding included, is done. (The "Parley is running"
    // line this waited for is an info log, which the benchmarks' LOG_LEVEL=warn never prints.)
    ready: () => waitForServer(server, base, settled ? { ...wait, path: "/readyz" } : wait),
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
      if (/Name:\s+(node|MainThread)/.test(s))
        mb += Number(/VmRSS:\s+(\d+)/.exec(s)?.[1] ?? 0) / 1024;
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

/** Every descendant of pid (children, their children, …) with its command name. */
function descendants(pid) {
  const out = [];
  const walk = (p) => {
    let kids = "";
    try {
      kids = readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim();
    } catch {
      return;
    }
    for (const k of kids ? kids.split(/\s+/) : []) {
      out.push(Number(k));
      walk(k);
    }
  };
  walk(pid);
  return out;
}

/**
 * CPU seconds (user + system) one process has used so far, with its children that have exited
 * when `reaped` (PostgreSQL's backends and autovacuum workers come and go); 0 once it is gone.
 */
function cpuOf(pid, reaped = false) {
  try {
    // Fields after the command name (which may hold spaces): utime, stime, cutime, cstime are
    // the 12th to the 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = Number(f[11]) + Number(f[12]);
    return (reaped ? own + Number(f[13]) + Number(f[14]) : own) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by a server started with startServer, split into its Node process
 * (scripts/start.mjs's child) and its embedded PostgreSQL (every postgres process under it).
 * Sampled before and after a run, the difference is what the run cost the server.
 */
export function serverCpu(startPid) {
  let node = 0;
  let postgres = 0;
  // start.mjs itself idles once its child runs; without it (BENCH_NODE_FLAGS) this is the server.
  for (const pid of [startPid, ...descendants(startPid)]) {
    let name = "";
    try {
      name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    } catch {}
    if (name === "node" || name === "MainThread") node += cpuOf(pid);
    else if (name.startsWith("postgres") || name.startsWith("postmaster"))
      postgres += cpuOf(pid, true);
  }
  return { node, postgres };
}
