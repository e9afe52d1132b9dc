import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../test/free-port";
import { killed } from "../test/worker-process";

/**
 * A server killed with SIGKILL leaves its embedded PostgreSQL running (a child process outlives
 * its parent), holding the cluster's lock file and port. The next start must stop that orphan
 * and start afresh, saying so; a cluster still in use is left alone; a start that fails says why.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const base = mkdtempSync(path.join(os.tmpdir(), "parley-restart-"));
// The `postgres` user (initdb, when run as root) must be able to enter it.
chmodSync(base, 0o755);
const dir = path.join(base, "pg");
const port = await freePort();
const url = `postgres://postgres:parley@127.0.0.1:${port}/postgres`;

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) await killed(c);
  // Whatever a failed test left running on the cluster is stopped before the folder goes.
  const pid = postmasterPid();
  if (pid && alive(pid)) process.kill(pid, "SIGINT");
  for (let i = 0; i < 100 && pid && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  rmSync(base, { recursive: true, force: true });
});

/** Starts the embedded PostgreSQL in a process of its own; resolves with its output once it is up or has failed. */
function startCluster(): Promise<{ child: ChildProcess; output: string; ok: boolean }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "src/server/test/embedded-process.ts"), dir, String(port)],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(child);
  return new Promise((resolve) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (/^ready$/m.test(output)) resolve({ child, output, ok: true });
    });
    child.on("exit", () => resolve({ child, output, ok: false }));
  });
}

function postmasterPid(): number | null {
  try {
    return Number(readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return null;
  }
}

/** Alive and not a zombie (an orphan's reaper may be slow to collect it). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

async function query(text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe("starting after a crash", () => {
  it("stops the PostgreSQL a killed server left running, says so in one line, and comes up with the data", async () => {
    const first = await startCluster();
    expect(first.ok, first.output).toBe(true);
    await query(
      "create table kept (note text); insert into kept values ('entered before the crash')",
    );
    const orphan = postmasterPid()!;

    await killed(first.child);
    expect(alive(orphan)).toBe(true);

    const second = await startCluster();
    expect(second.ok, second.output).toBe(true);
    const notices = second.output.split("\n").filter((l) => l.startsWith("notice: "));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(
      `Stopped the embedded PostgreSQL (process ${orphan}) that an earlier Parley left running in ${dir}`,
    );
    expect(alive(orphan)).toBe(false);
    expect(postmasterPid()).not.toBe(orphan);
    expect(await query("select note from kept")).toEqual([{ note: "entered before the crash" }]);
  }, 60_000);

  it("leaves alone a cluster whose server is still running, and says why it cannot start", async () => {
    const running = postmasterPid()!;
    const third = await startCluster();
    expect(third.ok).toBe(false);
    expect(third.output).toMatch(
      /failed: The embedded PostgreSQL in .* is already running \(process \d+, started by process \d+\): is another Parley using this DATA_DIR\?/,
    );
    expect(alive(running)).toBe(true);
    expect(await query("select count(*)::int as n from kept")).toEqual([{ n: 1 }]);
  }, 60_000);

  it("a server whose start fails prints the reason, not only that it failed", async () => {
    // The cluster is stopped (whatever the tests before left running), then its port taken.
    for (const owner of children.filter((c) => c.exitCode === null && c.signalCode === null)) {
      const stopped = new Promise((r) => owner.once("exit", r));
      owner.kill("SIGTERM");
      await stopped;
    }
    const left = postmasterPid();
    if (left && alive(left)) process.kill(left, "SIGINT");
    for (let i = 0; i < 100 && left && alive(left); i++)
      await new Promise((r) => setTimeout(r, 100));
    // Something else holds the embedded PostgreSQL's port.
    const squatter = net.createServer();
    await new Promise<void>((r) => squatter.listen(port, "127.0.0.1", r));
    try {
      const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: base,
          EMBEDDED_PG_PORT: String(port),
          PORT: "0",
          SEED_DEMO: "false",
          LOG_LEVEL: "info",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(server);
      let output = "";
      server.stdout!.on("data", (c: Buffer) => (output += c.toString()));
      server.stderr!.on("data", (c: Buffer) => (output += c.toString()));
      const code = await new Promise((r) => server.once("exit", r));
      expect(code).toBe(1);
      const fatal = output
        .split("\n")
        .filter((l) => l.includes("failed to start"))
        .map((l) => JSON.parse(l).msg as string);
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toMatch(
        /^Parley failed to start: The embedded PostgreSQL in .* did not start: .*Address already in use.* set EMBEDDED_PG_PORT/,
      );
    } finally {
      squatter.close();
    }
  }, 120_000);
});
