#!/usr/bin/env node
// The dispatcher alone, on a production build: a web process (SEND_PIPELINE=off) and a worker
// process (--role=worker) speak the Twilio protocol to a null carrier served by this script (an
// HTTP server that answers Messages.json in Twilio's shape and does nothing else), so the figures
// are Parley's own cost, not a carrier's.
// 1. Throughput: D queued marketing messages on one number, limits lifted; messages per second
//    from the first to the last carrier call; duplicates and losses counted at the null carrier.
// 2. Latency while a C-recipient campaign runs on the same number: one-to-one texts (the
//    transactional lane) from queued to carrier call, p50/p95; and another account's one-to-one
//    texts on its own number.
// Run: node bench/dispatch.mjs [throughput=100000] [campaign=100000] [samples=200]
// BENCH_PORT picks the server's port (its PostgreSQL on that + 20,000) on a shared machine;
// BENCH_DISABLE_TRIGGERS=name,name turns those triggers on messages off in this throwaway
// database first (to weigh a rollup trigger's cost on the dispatcher).
import { spawn } from "node:child_process";
import pg from "pg";
import { cpuSeconds, startNullCarrier } from "./lib/null-carrier.mjs";
import { pct, rssMb, startServer, stopProcess } from "./lib/server.mjs";

const D = Number(process.argv[2] ?? 100_000);
const C = Number(process.argv[3] ?? 100_000);
const SAMPLES = Number(process.argv[4] ?? 200);

const carrier = await startNullCarrier();
const { calls, arrivals } = carrier.state;

const env = {
  ...carrier.env,
  DISPATCH_CONCURRENCY: "128",
  DISPATCH_BATCH: "1000",
  LOG_LEVEL: "warn",
};
const parley = startServer({
  firstPort: Number(process.env.BENCH_PORT ?? 4310),
  spread: process.env.BENCH_PORT ? 1 : 40,
  env: { ...env, SEED_DEMO: "true", SEND_PIPELINE: "off" },
  wait: { tries: 1200, failOnExit: true },
});
let worker;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

try {
  await parley.ready();
  const db = new pg.Client({ connectionString: parley.databaseUrl });
  db.on("error", () => {});
  await db.connect();
  for (const name of (process.env.BENCH_DISABLE_TRIGGERS ?? "").split(",").filter(Boolean)) {
    await db.query(`alter table messages disable trigger "${name.replaceAll('"', "")}"`);
    console.log(`trigger ${name} off`);
  }
  const accountId = (await db.query("select account_id from users where username = 'demo'")).rows[0]
    .account_id;
  const other = (
    await db.query(
      `insert into accounts (account_name, business_name, email) values ('other', 'Other', 'o@x.test')
       returning id`,
    )
  ).rows[0].id;
  const number = async (account, e164) =>
    (
      await db.query(
        `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, $3, true)
         returning id`,
        [account, e164, `PN${e164.slice(2)}${"0".repeat(22)}`],
      )
    ).rows[0].id;
  const mine = await number(accountId, "+12125550100");
  const theirs = await number(other, "+13125550100");
  // What queueMessage() does for a number's first text.
  await db.query("insert into dispatch_pace (phone_number_id) values ($1), ($2)", [mine, theirs]);

  /** Queues `count` messages the way the fan-out writes them (one statement), and wakes the pipeline. */
  async function queue(numberId, from, count, { lane = 1, prefix = "+1646", offset = 0 } = {}) {
    const account = numberId === mine ? accountId : other;
    await db.query(
      `with ins as (
         insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
                               status, source, credits, pending_dispatch, not_before, lane, deadline_at)
         select $1, 'outbound', $2, $3, $4 || lpad(($6 + i)::text, 7, '0'), 'Spring sale starts today!',
                'Queued', $7, 1, true, now(), $5, now() + interval '4 hours'
           from generate_series(1, $8) i
         returning 1)
       insert into dispatch_pace (phone_number_id) values ($2) on conflict do nothing`,
      [account, numberId, from, prefix, lane, offset, lane === 0 ? "inbox" : "campaign", count],
    );
    await db.query("select pg_notify('parley_pipeline', '')");
  }

  const pending = async () =>
    (await db.query("select count(*)::int as n from messages where pending_dispatch")).rows[0].n;

  worker = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts", "--role=worker"], {
    env: {
      ...process.env,
      ...env,
      PORT: String(parley.port),
      DATA_DIR: parley.dataDir,
      DATABASE_URL: parley.databaseUrl,
      SEED_DEMO: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await sleep(3000);

  // 1. Throughput.
  const cpuBefore = cpuSeconds(worker.pid);
  await queue(mine, "+12125550100", D, { prefix: "+1917" });
  const rss = [];
  for (;;) {
    rss.push(rssMb(worker.pid));
    if ((await pending()) === 0) break;
    await sleep(250);
  }
  const seconds = (carrier.state.last - carrier.state.first) / 1000;
  const workerCpu = cpuSeconds(worker.pid) - cpuBefore;
  const dupes = [...calls.values()].filter((n) => n > 1).length;
  const lost = D - calls.size;
  console.log(
    `dispatch to a null carrier: ${D} messages in ${seconds.toFixed(2)} s = ${Math.round(D / seconds)} messages/s; duplicates ${dupes}, lost ${lost}; worker RSS ${Math.round(Math.min(...rss))}-${Math.round(Math.max(...rss))} MB`,
  );
  console.log(
    `worker CPU: ${workerCpu.toFixed(1)} s for ${D} messages = ${Math.round(D / workerCpu)} messages per core-second (the null carrier, PostgreSQL and the worker share the machine's cores)`,
  );

  // 2. Latency during a campaign on the same number.
  carrier.reset();
  await queue(mine, "+12125550100", C, { prefix: "+1332" });
  await sleep(1000);
  const own = [];
  const another = [];
  for (let i = 0; i < SAMPLES && (await pending()) > 0; i++) {
    const target = i % 2 === 0 ? own : another;
    const to = `+1${i % 2 === 0 ? "718" : "773"}${String(2000000 + i)}`;
    const t0 = performance.now();
    await db.query(
      `with ins as (
         insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
                               status, source, credits, pending_dispatch, not_before, lane, deadline_at)
         values ($1, 'outbound', $2, $3, $4, 'We open at 8', 'Queued', 'inbox', 1, true, now(), 0,
                 now() + interval '4 hours') returning 1)
       select pg_notify('parley_pipeline', '')`,
      i % 2 === 0 ? [accountId, mine, "+12125550100", to] : [other, theirs, "+13125550100", to],
    );
    for (let w = 0; w < 400 && !arrivals.has(to); w++) await sleep(2);
    if (arrivals.has(to)) target.push(arrivals.get(to) - t0);
    await sleep(20);
  }
  const campaignLeft = await pending();
  const show = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    if (!s.length) return "none arrived";
    return `p50 ${pct(s, 50).toFixed(1)} ms, p95 ${pct(s, 95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (${s.length} texts)`;
  };
  console.log(`one-to-one on the campaign's own number, queued → carrier call: ${show(own)}`);
  console.log(`another account's one-to-one during the campaign: ${show(another)}`);
  console.log(`campaign messages still waiting when sampling ended: ${campaignLeft} of ${C}`);
  await db.end();
} finally {
  if (worker) await stopProcess(worker);
  await parley.stop();
  carrier.close();
}
