import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, describe, expect, inject, it } from "vitest";
import { REALTIME_PATH } from "../../domain/realtime-events";
import { withDatabase } from "../db/connection";
import { freePort } from "../test/free-port";
import { adminQuery, dropDatabase, quoteIdent } from "../test/pg-admin";
import { startS3StandIn } from "../test/s3-stand-in";
import { killed } from "../test/worker-process";

/**
 * docs/operations.md's walk from a clean machine to several processes, taken as an operator
 * would: an empty PostgreSQL database and a private bucket; `admin migrate` once; the first owner
 * made with `admin create-account`; two web processes and a worker with `MIGRATE=off`, each with
 * a data folder of its own, so they share nothing but the database and the bucket. Then what
 * breaks first when processes do not share: a session, an upload served by the other process, an
 * export written by the worker and downloaded from a web process, a realtime event raised on one
 * web process and received on the other.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const adminUrl = inject("pgAdminUrl");
const dbName = `${inject("pgTestPrefix")}deploy_${randomBytes(4).toString("hex")}`;
const databaseUrl = withDatabase(adminUrl, dbName);
const s3 = await startS3StandIn({
  bucket: "parley-deploy",
  region: "us-east-1",
  accessKeyId: "AKIAPARLEYDEPLOY0001",
  secretAccessKey: "parley-deploy-secret-0123456789abcdefghij",
});
const children: ChildProcess[] = [];
const folders: string[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all(children.map((c) => stopped(c)));
  await dropDatabase(adminUrl, dbName).catch(() => {});
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** SIGTERM, as an orchestrator stops a process; SIGKILL if it has not exited within 15 s. */
async function stopped(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => void killed(child), 15_000);
  await exited;
  clearTimeout(timer);
}

const OWNER_PASSWORD = "Deploy-Walk-2026!x";
const webPorts = [await freePort(), await freePort()];
const workerPort = await freePort();
const PUBLIC_URL = `http://127.0.0.1:${webPorts[0]}`;

/** What every process of the install is given (the compose file's and chart's shared settings). */
function sharedEnv(): Record<string, string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "parley-deploy-"));
  folders.push(dataDir);
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    SECRET_KEY: "deploy-walk-secret-key-0123456789abcdef",
    PUBLIC_URL,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    SIGNUP: "closed",
    LOG_LEVEL: "warn",
    LOG_FORMAT: "json",
    SEND_WINDOWS: "off",
    ...s3.env(),
  };
}

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, script), ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

async function admin(args: string[]) {
  const p = run("src/server/ops/admin.ts", args, sharedEnv());
  const code = await new Promise((r) => p.child.once("exit", r));
  return { code, output: p.output() };
}

/** A long-running process of the given role, ready once `readyUrl` answers 200. */
async function startProcess(role: "web" | "worker", env: Record<string, string>, readyUrl: string) {
  const p = run("src/server/main.ts", [`--role=${role}`], {
    ...sharedEnv(),
    MIGRATE: "off",
    ...env,
  });
  children.push(p.child);
  for (let i = 0; i < 600 && p.child.exitCode === null; i++) {
    const res = await fetch(readyUrl).catch(() => undefined);
    if (res?.status === 200) return p;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the ${role} process did not become ready:\n${p.output()}`);
}

async function call(origin: string, method: string, url: string, cookie: string, body?: unknown) {
  return fetch(`${origin}${url}`, {
    method,
    headers: {
      cookie,
      "x-parley-csrf": "1",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got !== undefined) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("several processes on one PostgreSQL and one bucket (docs/operations.md)", () => {
  const web = webPorts.map((p) => `http://127.0.0.1:${p}`);
  let cookie = "";

  it("migrates once with the admin command and makes the first owner", async () => {
    await adminQuery(adminUrl, `create database ${quoteIdent(dbName)}`);
    const migrated = await admin(["migrate"]);
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.output).toMatch(/migration/i);
    const made = await admin([
      "create-account",
      "--business",
      "Harbor Deploy Bakery",
      "--username",
      "harbor_owner",
      "--email",
      "owner@harbor.example",
      "--password",
      OWNER_PASSWORD,
    ]);
    expect(made.code, made.output).toBe(0);
  }, 120_000);

  it("starts two web processes and a worker that never migrate, each with its own disk", async () => {
    await Promise.all([
      startProcess("web", { PORT: String(webPorts[0]) }, `${web[0]}/readyz`),
      startProcess("web", { PORT: String(webPorts[1]) }, `${web[1]}/readyz`),
      // The worker calls the carrier (here the emulator the web processes serve) at PORT.
      startProcess(
        "worker",
        { PORT: String(webPorts[0]), METRICS_PORT: String(workerPort) },
        `http://127.0.0.1:${workerPort}/readyz`,
      ),
    ]);
    for (const origin of web) {
      const health = await fetch(`${origin}/healthz`);
      expect(health.status).toBe(200);
    }
  }, 180_000);

  it("signs in on one web process and is signed in on the other", async () => {
    const login = await fetch(`${web[0]}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-parley-csrf": "1" },
      body: JSON.stringify({ username: "harbor_owner", password: OWNER_PASSWORD }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await call(web[1]!, "GET", "/api/account/profile", cookie);
    expect(me.status, await me.clone().text()).toBe(200);
    expect(await me.json()).toMatchObject({ businessName: "Harbor Deploy Bakery" });
  });

  it("stores an upload in the bucket through one process; the other serves it", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
    const form = new FormData();
    form.append("file", new Blob([pdf], { type: "application/pdf" }), "menu.pdf");
    const up = await fetch(`${web[0]}/api/uploads/attachment`, {
      method: "POST",
      headers: { cookie, "x-parley-csrf": "1" },
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const { fileUrl } = (await up.json()) as { fileUrl: string };
    const media = await fetch(`${web[1]}${new URL(fileUrl).pathname}`);
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(pdf)).toBe(true);
    expect([...s3.objects.keys()].some((k) => k.startsWith("uploads/"))).toBe(true);
  });

  it("exports on the worker into the bucket; a web process hands the file over", async () => {
    for (const number of ["2125550701", "2125550702"]) {
      const added = await call(web[1]!, "POST", "/api/subscribers", cookie, {
        attestation: true,
        number,
      });
      expect(added.status, await added.clone().text()).toBe(201);
    }
    const created = await call(web[0]!, "POST", "/api/subscribers/exports", cookie, {
      selection: { mode: "all", filter: {} },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // Only the worker runs jobs: the export finishes with no web process doing it.
    const done = await until("the export", async () => {
      const res = await call(web[1]!, "GET", `/api/subscribers/exports/${id}`, cookie);
      const body = (await res.json()) as { status: string; downloadUrl: string; rowCount: number };
      return body.status === "finished" ? body : undefined;
    });
    expect(done.rowCount).toBe(2);
    const file = await call(web[1]!, "GET", done.downloadUrl, cookie);
    expect(file.status).toBe(200);
    const csv = await file.text();
    expect(csv).toContain("+12125550702");
    expect([...s3.objects.keys()].some((k) => k.startsWith("exports/"))).toBe(true);
  }, 60_000);

  it("raises a realtime event on one web process and delivers it on the other", async () => {
    const available = await call(
      web[0]!,
      "GET",
      "/api/dedicated-numbers/available?areaCode=212",
      cookie,
    );
    expect(available.status, await available.clone().text()).toBe(200);
    const choice = ((await available.json()) as { rows: { number: string }[] }).rows[0]!.number;
    const bought = await call(web[0]!, "POST", "/api/dedicated-numbers", cookie, {
      number: choice,
      name: "Front",
    });
    expect(bought.status, await bought.clone().text()).toBe(201);

    const tokenRes = await call(web[1]!, "GET", "/api/realtime/token", cookie);
    const { token } = (await tokenRes.json()) as { token: string };
    const socket = connect(web[1]!, {
      path: REALTIME_PATH,
      auth: { token },
      transports: ["websocket"],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    const replies: { body: string }[] = [];
    socket.on("reply", (payload) => replies.push(payload));

    // A customer texts the number: the carrier's webhook reaches PUBLIC_URL (web process 0).
    const texted = await call(web[0]!, "POST", "/api/virtual-phones/messages", cookie, {
      from: "+13125550777",
      to: choice,
      body: "Are you open on Sunday?",
    });
    expect(texted.status, await texted.clone().text()).toBe(201);
    await until("the reply event on the other process", async () =>
      replies.find((r) => r.body === "Are you open on Sunday?"),
    );
  }, 60_000);

  it("kept nothing on any process's own disk", () => {
    for (const dir of folders) {
      const entries = readdirSync(dir);
      for (const kept of ["uploads", "exports", "imports"]) expect(entries).not.toContain(kept);
    }
  });
});
