#!/usr/bin/env node
// The public API and outgoing webhooks on a production build (one process, the demo account):
// 1. GET /api/v1/subscribers (first page, 25 rows) with an API key, C requests in flight for
//    S seconds: requests per second and p50/p99 latency (key auth, rate limit and request log
//    included; the rate limit is lifted so it measures the work, not the limiter).
// 2. Webhook deliveries: a webhook for subscriber.created pointing at a local receiver, then N
//    subscribers inserted in one statement (each one an outbox event); deliveries per second
//    from the first to the last arrival, and the lag from insert to arrival (p50/p99).
// Each request run also reports the server's CPU per request (its Node process and its
// PostgreSQL apart, from /proc), a figure the other loads on a shared machine disturb far less
// than requests per second. BENCH_PORT picks the server's port (PostgreSQL on that + 20,000).
// Run: node bench/api-v1.mjs [seconds=10] [concurrency=32] [deliveries=5000]
import http from "node:http";
import os from "node:os";
import pg from "pg";
import { Agent, request } from "undici";
import { logInAsDemo, pct, serverCpu, startServer } from "./lib/server.mjs";

const SECONDS = Number(process.argv[2] ?? 10);
const C = Number(process.argv[3] ?? 32);
const N = Number(process.argv[4] ?? 5000);

const parley = startServer({
  firstPort: Number(process.env.BENCH_PORT ?? 3460),
  spread: process.env.BENCH_PORT ? 1 : 40,
  // The receiver is on loopback, which tenants' webhooks reach only when allowed.
  env: { SEED_DEMO: "true", API_RATE_LIMIT: "100000000", OUTBOUND_ALLOW: "127.0.0.1" },
  settled: true,
  prefix: "parley-bench-api-",
});
const { base } = parley;

try {
  await parley.ready();
  const cookie = await logInAsDemo(base);
  const made = await fetch(`${base}/api/api-keys`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-parley-csrf": "1", cookie },
    body: JSON.stringify({ name: "bench", scopes: ["subscribers:read", "webhooks:write"] }),
  });
  const { key } = await made.json();
  const auth = { authorization: `Bearer ${key}` };

  // --- 1. GET /api/v1/subscribers -------------------------------------------------------------
  const agent = new Agent({ connections: C, pipelining: 1 });
  const url = `${base}/api/v1/subscribers?page=0&pageSize=25`;
  const warm = await request(url, { dispatcher: agent, headers: auth });
  if (warm.statusCode !== 200) throw new Error(`GET /api/v1/subscribers: ${warm.statusCode}`);
  const rows = (await warm.body.json()).rows.length;
  // What the idle server spends on its own (job loops, the emulator), to read the figures below by.
  const idle0 = serverCpu(parley.server.pid);
  await new Promise((r) => setTimeout(r, 10_000));
  const idle1 = serverCpu(parley.server.pid);
  const idle = {
    node: (idle1.node - idle0.node) / 10,
    postgres: (idle1.postgres - idle0.postgres) / 10,
  };
  console.log(
    `idle server: Node ${(idle.node * 1000).toFixed(0)} ms, PostgreSQL ${(idle.postgres * 1000).toFixed(0)} ms of CPU a second`,
  );
  // The same page through the screen's own route (session cookie), for the cost of key auth.
  const measure = async (label, target, headers) => {
    const latencies = [];
    let errors = 0;
    const end = performance.now() + SECONDS * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await request(target, { dispatcher: agent, headers });
        await res.body.dump();
        if (res.statusCode !== 200) errors++;
        latencies.push(performance.now() - t0);
      }
    };
    const cpu0 = serverCpu(parley.server.pid);
    const t0 = performance.now();
    await Promise.all(Array.from({ length: C }, worker));
    const elapsed = (performance.now() - t0) / 1000;
    const cpu1 = serverCpu(parley.server.pid);
    latencies.sort((x, y) => x - y);
    // CPU ms per request, less what the idle server would have spent in that time.
    const perRequest = (used, idlePerSecond) =>
      (((used - idlePerSecond * elapsed) * 1000) / latencies.length).toFixed(2);
    console.log(
      `${label} (${rows} rows): ${Math.round(latencies.length / elapsed)} req/s over ${elapsed.toFixed(1)} s, ${C} in flight; p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms; non-200: ${errors}; server CPU per request (idle subtracted): Node ${perRequest(cpu1.node - cpu0.node, idle.node)} ms, PostgreSQL ${perRequest(cpu1.postgres - cpu0.postgres, idle.postgres)} ms; load ${os.loadavg()[0].toFixed(1)}`,
    );
  };
  await measure("GET /api/v1/subscribers, API key", url, auth);
  await measure(
    "GET /api/subscribers, session (for comparison)",
    `${base}/api/subscribers?page=0&pageSize=25`,
    { cookie },
  );

  // --- 2. webhook deliveries (deliveries=0 skips them) ----------------------------------------
  if (N > 0) {
    const arrivals = [];
    const receiver = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
      req.resume();
      req.on("end", () => {
        arrivals.push(Date.now());
        res.end();
      });
    });
    await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
    const hook = await fetch(`${base}/api/v1/webhooks`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        url: `http://127.0.0.1:${receiver.address().port}/hook`,
        events: ["subscriber.created"],
      }),
    });
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${await hook.text()}`);
    const db = new pg.Client({ connectionString: parley.databaseUrl });
    await db.connect();
    const { rows: acct } = await db.query("select account_id from users where username = 'demo'");
    const insertedAt = Date.now();
    await db.query(
      `insert into subscribers (account_id, phone, first_name)
       select $1, '+1415' || lpad((5000000 + i)::text, 7, '0'), 'Bench'
         from generate_series(1, $2) i`,
      [acct[0].account_id, N],
    );
    const deadline = Date.now() + 300_000;
    while (arrivals.length < N && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const first = arrivals[0];
    const last = arrivals.at(-1);
    const lags = arrivals.map((t) => t - insertedAt).sort((a, b) => a - b);
    console.log(
      `webhook deliveries: ${arrivals.length}/${N} delivered, ${Math.round((arrivals.length - 1) / ((last - first) / 1000))}/s first to last; lag from insert p50 ${pct(lags, 50)} ms, p99 ${pct(lags, 99)} ms`,
    );
    await db.end();
    receiver.close();
  }
  await agent.close();
} finally {
  await parley.stop();
}
