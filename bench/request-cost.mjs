#!/usr/bin/env node
// Node CPU per request of the hottest routes, measured in-process so that a loaded machine fools
// it less: wall-clock requests per second on 2 shared cores measure the neighbours; CPU time per
// request moves far less with them, though busy cores still raise it (socket writes, wake-ups),
// so compare code before and after alternated on the same machine.
//
// The app is built from the sources (tsx) in this process, without the background loops (jobs,
// the send pipeline, the emulator's callbacks), on its own embedded PostgreSQL seeded with the
// demo account, and serves on a real socket; the load generator runs in a worker thread of this
// process. Server CPU per request = this process's CPU (process.cpuUsage: main thread, libuv's
// pool, GC threads) minus the load generator's thread (process.threadCpuUsage), over N requests
// after a warm-up, divided by N. PostgreSQL's CPU (its processes, from /proc) is printed apart.
//
// Routes: GET /api/v1/subscribers (API key), GET /api/subscribers (the screen's list, session),
// GET /api/inbox/conversations (session), POST /opt-in-forms/public/render (the popup, each
// request from its own address).
//
// Run: npx node bench/request-cost.mjs [requests=3000] [concurrency=8] [warm-up=1000]
//   The N requests go in BENCH_BATCHES batches (5): each route's figure is the median batch,
//   with the least beside it.
//   BENCH_ROUTES=key,render picks routes (key, session, inbox, render);
//   BENCH_MODE=inject uses app.inject (no sockets, no load generator) instead;
//   BENCH_ENCODING=br asks for compressed answers (default: none, as bench/api-v1.mjs).
//   BENCH_PROFILE=/tmp/prof writes a CPU profile of each route's measured requests there
//   (<route>.cpuprofile, for Chrome's DevTools), not of the start-up and the seeding.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { serverCpu } from "./lib/server.mjs";

/** The 0.5 ms of Node CPU per request the request cost budget allows. */
const GOAL_MS = 0.5;

if (!isMainThread) {
  // --- the load generator (worker thread) ---------------------------------------------------
  const { Agent, request } = await import("undici");
  const { base, concurrency } = workerData;
  const agent = new Agent({ connections: concurrency, pipelining: 1 });
  parentPort.on("message", async ({ route, n, offset }) => {
    const statuses = {};
    let bytes = 0;
    let next = 0;
    const cpu0 = process.threadCpuUsage();
    const one = async () => {
      while (next < n) {
        const i = offset + next++;
        const headers = { ...route.headers };
        // Each popup render from its own address (its limit counts per visitor).
        if (route.perVisitor)
          headers["x-forwarded-for"] = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        const res = await request(`${base}${route.url}`, {
          dispatcher: agent,
          method: route.method,
          headers,
          body: route.body,
        });
        bytes += (await res.body.arrayBuffer()).byteLength;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, one));
    const cpu1 = process.threadCpuUsage(cpu0);
    parentPort.postMessage({ statuses, bytes: bytes / n, clientUs: cpu1.user + cpu1.system });
  });
} else {
  await main();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** CPU seconds used so far by this process's PostgreSQL processes (backends reaped included). */
function postgresCpu() {
  return serverCpu(process.pid).postgres;
}

/** Start and stop the V8 profiler of this thread; each stop writes dir/<name>.cpuprofile. */
async function inspectorProfiler(dir) {
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  mkdirSync(dir, { recursive: true });
  return {
    start: () => session.post("Profiler.start"),
    async stop(name) {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    },
  };
}

async function main() {
  const N = Number(process.argv[2] ?? 3000);
  const C = Number(process.argv[3] ?? 8);
  const WARM = Number(process.argv[4] ?? 1000);
  const BATCHES = Number(process.env.BENCH_BATCHES ?? 5);
  const MODE = process.env.BENCH_MODE === "inject" ? "inject" : "socket";
  // Accept-Encoding of every request: answers of 1 KB or more are then compressed.
  const enc = process.env.BENCH_ENCODING ? { "accept-encoding": process.env.BENCH_ENCODING } : {};
  const ROUTES = (process.env.BENCH_ROUTES ?? "key,session,inbox,render").split(",");

  // Statements sent to PostgreSQL (each a round trip, whose socket writes cost Node CPU too).
  const pg = (await import("pg")).default;
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    statements++;
    return query.apply(this, args);
  };
  const { register } = await import("tsx/esm/api");
  register();
  const src = (p) => import(new URL(`../src/server/${p}`, import.meta.url).href);
  const [
    { parseConfig },
    conn,
    { startEmbeddedPostgres },
    { runMigrations },
    { createAppContext },
  ] = await Promise.all([
    src("config.ts"),
    src("db/connection.ts"),
    src("db/embedded.ts"),
    src("db/migrate.ts"),
    src("app-context.ts"),
  ]);
  const { buildApp } = await src("http/app.ts");
  const { seedDemo } = await src("seed/demo.ts");
  const { seedDemoSubscribers } = await src("seed/demo-subscribers.ts");
  const { seedDemoNumbers } = await src("seed/demo-numbers.ts");
  const { seedDemoInbox } = await src("seed/demo-inbox.ts");

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "parley-bench-cost-"));
  chmodSync(dataDir, 0o755);
  const pgPort = await freePort();
  const port = await freePort();
  let embedded;
  let app;
  let pool;
  let worker;
  let ctx;
  try {
    embedded = await startEmbeddedPostgres({
      dir: path.join(dataDir, "pg"),
      port: pgPort,
      persistent: false,
      throwaway: true,
    });
    await conn.ensureDatabase(embedded.url, "parley");
    const url = conn.withDatabase(embedded.url, "parley");
    const config = parseConfig({
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      PORT: String(port),
      SEED_DEMO: "true",
      TRUST_PROXY: "true",
      API_RATE_LIMIT: "100000000",
      WEB_DIST: path.join(dataDir, "no-web"),
    });
    const made = conn.createDb(url, config.DB_POOL_SIZE);
    pool = made.pool;
    const db = made.db;
    await runMigrations(db);
    ctx = await createAppContext(config, db);
    await seedDemo(db, config, ctx.clock.now());
    await seedDemoSubscribers(db, config, ctx.clock.now());
    app = await buildApp(ctx);
    await app.listen({ port, host: "127.0.0.1" });
    await seedDemoNumbers(ctx);
    await seedDemoInbox(ctx);

    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "x-parley-csrf": "1" },
      payload: JSON.stringify({ username: config.DEMO_USERNAME, password: config.DEMO_PASSWORD }),
    });
    const cookie = String(login.headers["set-cookie"] ?? "")
      .split(/,(?=\s*\w+=)/)
      .map((c) => c.trim().split(";")[0])
      .find((c) => c.startsWith("parley_session="));
    if (!cookie) throw new Error(`login: ${login.statusCode} ${login.body}`);
    const keyRes = await app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: { "content-type": "application/json", "x-parley-csrf": "1", cookie },
      payload: JSON.stringify({ name: "bench", scopes: ["subscribers:read"] }),
    });
    const { key } = keyRes.json();
    if (!key) throw new Error(`api key: ${keyRes.statusCode} ${keyRes.body}`);

    const all = {
      key: {
        label: "GET /api/v1/subscribers (API key)",
        method: "GET",
        url: "/api/v1/subscribers?page=0&pageSize=25",
        headers: { authorization: `Bearer ${key}`, ...enc },
      },
      session: {
        label: "GET /api/subscribers?withTotal=false (session, as the screen asks)",
        method: "GET",
        url: "/api/subscribers?page=0&pageSize=25&withTotal=false",
        headers: { cookie, ...enc },
      },
      inbox: {
        label: "GET /api/inbox/conversations (session)",
        method: "GET",
        url: "/api/inbox/conversations",
        headers: { cookie, ...enc },
      },
      render: {
        label: "POST /opt-in-forms/public/render (popup)",
        method: "POST",
        url: "/opt-in-forms/public/render",
        headers: { "content-type": "application/json", ...enc },
        body: JSON.stringify({ url: "https://shop.example/beans", accountName: "parley-demo" }),
        perVisitor: true,
      },
    };

    worker =
      MODE === "socket"
        ? new Worker(new URL(import.meta.url), {
            workerData: { base: `http://127.0.0.1:${port}`, concurrency: C },
          })
        : undefined;
    let offset = 0;
    // The load generator's answer to the batch in flight.
    let answer;
    worker?.on("message", (m) => answer.resolve(m));
    worker?.on("error", (err) => answer?.reject(err));
    const profiler = process.env.BENCH_PROFILE
      ? await inspectorProfiler(process.env.BENCH_PROFILE)
      : null;
    const run = async (route, n) => {
      offset += n;
      if (worker) {
        worker.postMessage({ route, n, offset });
        return await new Promise((resolve, reject) => {
          answer = { resolve, reject };
        });
      }
      // In-process without sockets: C requests in flight through app.inject.
      const statuses = {};
      let bytes = 0;
      let next = 0;
      const one = async () => {
        while (next < n) {
          const i = offset + next++;
          const headers = { ...route.headers };
          if (route.perVisitor)
            headers["x-forwarded-for"] = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
          const res = await app.inject({
            method: route.method,
            url: route.url,
            headers,
            payload: route.body,
          });
          bytes += res.rawPayload.length;
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        }
      };
      await Promise.all(Array.from({ length: C }, one));
      return { statuses, bytes: bytes / n, clientUs: 0 };
    };

    console.log(
      `request cost (${MODE}, Accept-Encoding ${process.env.BENCH_ENCODING ?? "none"}, ${N} requests after ${WARM} warm-up, ${C} in flight, Node ${process.version}); load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    console.log(
      `route | Node CPU ms/request, median of ${BATCHES} batches (least) | goal | ratio (goal / cost) | PostgreSQL CPU ms/request (median) | statements/request | bytes/answer | statuses`,
    );
    for (const name of ROUTES) {
      const route = all[name];
      if (!route) throw new Error(`unknown route ${name} (key, session, inbox, render)`);
      const warm = await run(route, WARM);
      const bad = Object.keys(warm.statuses).filter((s) => !s.startsWith("2"));
      if (bad.length) throw new Error(`${route.label}: ${JSON.stringify(warm.statuses)}`);
      // In batches: the median batch is the figure, the least one shows how far neighbours pushed.
      const size = Math.ceil(N / BATCHES);
      const node = [];
      const postgres = [];
      const statements0 = statements;
      let statuses = {};
      let bytes = 0;
      if (profiler) await profiler.start();
      for (let b = 0; b < BATCHES; b++) {
        const pg0 = postgresCpu();
        const cpu0 = process.cpuUsage();
        const res = await run(route, size);
        const cpu1 = process.cpuUsage(cpu0);
        const pg1 = postgresCpu();
        node.push((cpu1.user + cpu1.system - res.clientUs) / 1000 / size);
        postgres.push(((pg1 - pg0) * 1000) / size);
        for (const [s, n] of Object.entries(res.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
        bytes = res.bytes;
      }
      if (profiler) await profiler.stop(name);
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const nodeMs = median(node);
      console.log(
        `${route.label} | ${nodeMs.toFixed(3)} (least ${Math.min(...node).toFixed(3)}) | ${GOAL_MS} | ${(GOAL_MS / nodeMs).toFixed(2)} | ${median(postgres).toFixed(3)} | ${((statements - statements0) / (size * BATCHES)).toFixed(2)} | ${Math.round(bytes)} | ${JSON.stringify(statuses)}`,
      );
      statuses = {};
    }
    console.log(
      `load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
  } finally {
    await worker?.terminate();
    await app?.close();
    await ctx?.outbound.close();
    await pool?.end();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
