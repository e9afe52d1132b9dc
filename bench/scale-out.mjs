#!/usr/bin/env node
// Scale-out on one PostgreSQL: M worker processes dispatching, N web processes serving.
// 1. Dispatch: D queued marketing messages over K numbers of one account, sent to a null carrier
//    (bench/lib/null-carrier.mjs) by 1 worker process, then the same by 2; messages per second
//    from the first to the last carrier call, duplicates and losses counted at the carrier.
// 2. Web: the subscribers list page (session auth) requested for S seconds by C concurrent
//    connections against 1 web process, then spread over 2; requests per second and p95.
// Every process, PostgreSQL, the null carrier and the load generator share this machine's cores:
// on 2 cores a second process can only add what the first left idle.
// With CARRIER_LATENCY_MS (e.g. 100) the null carrier answers after that long, as a real carrier's
// round trip does, and WORKER_CONCURRENCY (e.g. 32) bounds each worker's calls in flight: each
// worker is then bound by the carrier, not by these 2 cores, and the figure shows whether workers
// get in each other's way (claims, locks) when a second machine's cores are there.
// Run: node bench/scale-out.mjs [messages=100000] [numbers=8] [seconds=10] [connections=32]
import { spawn } from "node:child_process";
import pg from "pg";
import { Agent, request } from "undici";
import { cpuSeconds, startNullCarrier } from "./lib/null-carrier.mjs";
import { logInAsDemo, pct, startServer, stopProcess, waitForServer } from "./lib/server.mjs";

const D = Number(process.argv[2] ?? 100_000);
const K = Number(process.argv[3] ?? 8);
const SECONDS = Number(process.argv[4] ?? 10);
const CONNECTIONS = Number(process.argv[5] ?? 32);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const LATENCY_MS = Number(process.env.CARRIER_LATENCY_MS ?? 0);
const carrier = await startNullCarrier({ latencyMs: LATENCY_MS });
const env = {
  ...carrier.env,
  DISPATCH_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? "128",
  DISPATCH_BATCH: "1000",
  LOG_LEVEL: "warn",
  LOGIN_RATE_LIMIT: "100000",
};
const parley = startServer({
  firstPort: 4410,
  env: { ...env, SEED_DEMO: "true", SEND_PIPELINE: "off" },
  wait: { tries: 1200, failOnExit: true },
});
const children = [];

/** Another Parley process on the same database: a worker, or a web process on `port`. */
function spawnRole(role, port) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/server/main.ts", `--role=${role}`],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        DATA_DIR: parley.dataDir,
        DATABASE_URL: parley.databaseUrl,
        SEED_DEMO: "false",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  children.push(child);
  return child;
}

try {
  await parley.ready();
  const db = new pg.Client({ connectionString: parley.databaseUrl });
  db.on("error", () => {});
  await db.connect();
  const accountId = (await db.query("select account_id from users where username = 'demo'")).rows[0]
    .account_id;
  const numbers = [];
  for (let i = 0; i < K; i++) {
    const e164 = `+1212555${String(7000 + i)}`;
    const { rows } = await db.query(
      `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, $3, true)
       returning id`,
      [accountId, e164, `PN${e164.slice(2)}${"0".repeat(22)}`],
    );
    numbers.push({ id: rows[0].id, e164 });
    await db.query("insert into dispatch_pace (phone_number_id) values ($1)", [rows[0].id]);
  }

  /** D messages spread over the numbers, written as the fan-out writes them. */
  async function queue(prefix) {
    const per = Math.ceil(D / K);
    for (const [n, { id, e164 }] of numbers.entries()) {
      await db.query(
        `insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
                               status, source, credits, pending_dispatch, not_before, lane, deadline_at)
         select $1, 'outbound', $2, $3, $4 || lpad(($5 + i)::text, 7, '0'), 'Spring sale starts today!',
                'Queued', 'campaign', 1, true, now(), 1, now() + interval '4 hours'
           from generate_series(1, $6) i`,
        [accountId, id, e164, prefix, n * per, Math.min(per, D - n * per)],
      );
    }
    await db.query("select pg_notify('parley_pipeline', '')");
  }
  const pending = async () =>
    (await db.query("select count(*)::int as n from messages where pending_dispatch")).rows[0].n;

  // 1. Dispatch with 1, then 2 workers.
  const dispatch = {};
  for (const [m, prefix] of [
    [1, "+1917"],
    [2, "+1646"],
  ]) {
    carrier.reset();
    const workers = Array.from({ length: m }, () => spawnRole("worker", parley.port));
    await sleep(4000);
    const cpu0 = workers.map((w) => cpuSeconds(w.pid));
    await queue(prefix);
    while ((await pending()) > 0) await sleep(250);
    await sleep(500);
    const seconds = (carrier.state.last - carrier.state.first) / 1000;
    const dupes = [...carrier.state.calls.values()].filter((n) => n > 1).length;
    const lost = D - carrier.state.calls.size;
    const cpu = workers.map((w, i) => (cpuSeconds(w.pid) - cpu0[i]).toFixed(1));
    dispatch[m] = D / seconds;
    console.log(
      `dispatch${LATENCY_MS ? ` (carrier answers in ${LATENCY_MS} ms, ${env.DISPATCH_CONCURRENCY} in flight a worker)` : ""}, ${m} worker${m > 1 ? "s" : ""}: ${D} messages over ${K} numbers in ${seconds.toFixed(2)} s = ${Math.round(D / seconds)}/s; duplicates ${dupes}, lost ${lost}; worker CPU s ${cpu.join(", ")}`,
    );
    for (const w of workers) await stopProcess(w);
  }
  console.log(`dispatch speed-up with 2 workers: ${(dispatch[2] / dispatch[1]).toFixed(2)}×`);

  // 2. Web: 1 process, then 2 behind a round-robin client.
  const secondPort = parley.port + 1;
  const web2 = spawnRole("web", secondPort);
  await waitForServer(web2, `http://127.0.0.1:${secondPort}`, { tries: 600, failOnExit: true });
  const cookie = await logInAsDemo(`http://127.0.0.1:${parley.port}`);
  const agent = new Agent({ connections: CONNECTIONS, pipelining: 1 });
  async function load(ports) {
    const times = [];
    let errors = 0;
    const end = performance.now() + SECONDS * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < end) {
          const port = ports[next++ % ports.length];
          const t0 = performance.now();
          const res = await request(
            `http://127.0.0.1:${port}/api/subscribers?page=0&pageSize=25&withTotal=false`,
            { dispatcher: agent, headers: { cookie } },
          );
          await res.body.arrayBuffer();
          if (res.statusCode !== 200) errors++;
          times.push(performance.now() - t0);
        }
      }),
    );
    times.sort((a, b) => a - b);
    return { rps: times.length / SECONDS, p95: pct(times, 95), errors };
  }
  await load([parley.port]); // warm both code paths
  const web = {};
  for (const ports of [[parley.port], [parley.port, secondPort]]) {
    const r = await load(ports);
    web[ports.length] = r.rps;
    console.log(
      `web, ${ports.length} process${ports.length > 1 ? "es" : ""}: subscribers page ${Math.round(r.rps)} requests/s, p95 ${r.p95.toFixed(1)} ms, ${r.errors} errors (${CONNECTIONS} connections, ${SECONDS} s)`,
    );
  }
  console.log(`web speed-up with 2 processes: ${(web[2] / web[1]).toFixed(2)}×`);
  await agent.close();
  await db.end();
} finally {
  for (const c of children) await stopProcess(c);
  await parley.stop();
  carrier.close();
}
