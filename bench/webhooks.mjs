#!/usr/bin/env node
// Outgoing webhooks at a steady rate, on a production build (one process, the demo account): a
// webhook for subscriber.created pointing at a local receiver, then R new subscribers a second
// for S seconds (one INSERT of R/10 rows every 100 ms, each row an outbox event). Reports the
// delivery rate while events arrive at that rate and the lag of each delivery from its row's
// insert (p50/p99): the whole path, outbox relay → delivery rows → signed POST → receiver.
// (bench/api-v1.mjs measures the other case: one burst of 5,000 events at once.)
// Run: node bench/webhooks.mjs [rate=1000] [seconds=15]
import http from "node:http";
import pg from "pg";
import { logInAsDemo, pct, startServer } from "./lib/server.mjs";

const RATE = Number(process.argv[2] ?? 1000);
const SECONDS = Number(process.argv[3] ?? 15);
const PER_TICK = Math.max(1, Math.round(RATE / 10));

const parley = startServer({
  firstPort: Number(process.env.BENCH_PORT ?? 3520),
  spread: process.env.BENCH_PORT ? 1 : 40,
  // The receiver is on loopback, which tenants' webhooks reach only when allowed.
  env: { SEED_DEMO: "true", API_RATE_LIMIT: "100000000", OUTBOUND_ALLOW: "127.0.0.1" },
  settled: true,
  prefix: "parley-bench-webhooks-",
});
const { base } = parley;

try {
  await parley.ready();
  const cookie = await logInAsDemo(base);
  const made = await fetch(`${base}/api/api-keys`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-parley-csrf": "1", cookie },
    body: JSON.stringify({ name: "bench", scopes: ["webhooks:write"] }),
  });
  const { key } = await made.json();

  const insertedAt = new Map(); // subscriber id → ms
  const lags = [];
  const arrivals = [];
  const receiver = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const now = Date.now();
      arrivals.push(now);
      try {
        const id = JSON.parse(Buffer.concat(chunks).toString()).data.subscriberId;
        const t0 = insertedAt.get(Number(id));
        if (t0 !== undefined) lags.push(now - t0);
      } catch {}
      res.end();
    });
  });
  await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
  const hook = await fetch(`${base}/api/v1/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      url: `http://127.0.0.1:${receiver.address().port}/hook`,
      events: ["subscriber.created"],
    }),
  });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${await hook.text()}`);

  const db = new pg.Client({ connectionString: parley.databaseUrl });
  await db.connect();
  const { rows: acct } = await db.query("select account_id from users where username = 'demo'");
  const accountId = acct[0].account_id;
  const ticks = SECONDS * 10;
  let next = 7_000_000;
  const started = Date.now();
  for (let i = 0; i < ticks; i++) {
    const due = started + i * 100;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const from = next;
    next += PER_TICK;
    const t0 = Date.now();
    const { rows } = await db.query(
      `insert into subscribers (account_id, phone, first_name)
       select $1, '+1415' || lpad(i::text, 7, '0'), 'Bench'
         from generate_series($2::int, $3::int) i
       returning id`,
      [accountId, from, from + PER_TICK - 1],
    );
    for (const r of rows) insertedAt.set(Number(r.id), t0);
  }
  const total = insertedAt.size;
  const sendingSeconds = (Date.now() - started) / 1000;
  const deadline = Date.now() + 300_000;
  while (lags.length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  lags.sort((a, b) => a - b);
  const first = Math.min(...arrivals);
  const last = Math.max(...arrivals);
  console.log(
    `webhook deliveries at ${Math.round(total / sendingSeconds)} events/s offered for ${sendingSeconds.toFixed(1)} s: ${lags.length}/${total} delivered, ${Math.round((arrivals.length - 1) / ((last - first) / 1000))}/s first to last; lag from insert p50 ${pct(lags, 50)} ms, p99 ${pct(lags, 99)} ms, max ${lags.at(-1)} ms`,
  );
  await db.end();
  receiver.close();
} finally {
  await parley.stop();
}
