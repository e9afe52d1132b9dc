#!/usr/bin/env node
// The automation engine, on a production build: a web process (SEND_PIPELINE=off) and a worker
// process (--role=worker). N subscribers join a group at the same moment (one statement: the
// group_members trigger writes N group.joined events), and the group starts a two-step drip.
// 1. Enrolment: time until every person's first step is queued (event relay → runs → engine →
//    messages), and runs per second.
// 2. Timers: the engine's clock moves a day; time until every second step is queued = due timers
//    per second (goal ≥ 5,000/s on 2 cores).
// The dispatcher is paced at one text a second so the figures are the engine's, not the carrier's.
// Worker memory is sampled throughout. Each phase reports its figure against the goal (the exit
// code is 1 when one is missed), the machine's load (`uptime`: other work shares the cores), and
// the CPU seconds of the worker's Node, the web process's Node and PostgreSQL, so a figure can be
// read per core: timers per worker core-second.
// --profile: the worker logs each batch's phases (engine and events relay), summed at the end.
// Run: node bench/automations.mjs [subscribers=100000] [--profile]
import { spawn } from "node:child_process";
import os from "node:os";
import { createInterface } from "node:readline";
import pg from "pg";
import { rssMb, serverCpu, startServer, stopProcess } from "./lib/server.mjs";

const args = process.argv.slice(2);
const PROFILE = args.includes("--profile");
const N = Number(args.find((a) => !a.startsWith("--")) ?? 100_000);
const GOAL_FIRST_S = 30;
const GOAL_TIMERS_PER_S = 5_000;
let missed = false;
const env = { SEND_MPS_LONG_CODE: "1", SEND_WINDOWS: "off", LOG_LEVEL: "warn" };
const parley = startServer({
  firstPort: 4360,
  env: { ...env, SEED_DEMO: "false", SEND_PIPELINE: "off" },
  wait: { tries: 1200, failOnExit: true },
});
let worker;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

try {
  await parley.ready();
  const db = new pg.Client({ connectionString: parley.databaseUrl });
  db.on("error", () => {});
  await db.connect();
  const account = (
    await db.query(
      `insert into accounts (account_name, business_name, email) values ('bench', 'Bench', 'b@x.test') returning id`,
    )
  ).rows[0].id;
  await db.query(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, '+12125550100', 'PNbench', true)`,
    [account],
  );
  await db.query(
    `insert into account_credits (account_id, balance, period_allowance) values ($1, $2, $2)`,
    [account, N * 4],
  );
  const group = (
    await db.query(`insert into groups (account_id, name) values ($1, 'New') returning id`, [
      account,
    ])
  ).rows[0].id;
  await db.query(
    `insert into subscribers (account_id, phone, first_name, marketing_consent_at)
     select $1, '+1646' || lpad(i::text, 7, '0'), 'S' || i, now() from generate_series(1, $2) i`,
    [account, N],
  );
  const graph = {
    start: "w1",
    steps: [
      {
        id: "w1",
        type: "wait",
        wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false },
        next: "s1",
      },
      { id: "s1", type: "send", body: "Welcome [first name]!", next: "w2" },
      {
        id: "w2",
        type: "wait",
        wait: { mode: "delay", amount: 1, unit: "days", weekdaysOnly: false },
        next: "s2",
      },
      { id: "s2", type: "send", body: "Day two: here is a tip.", next: null },
    ],
  };
  const automation = (
    await db.query(
      `insert into automations (account_id, kind, name, status, trigger) values ($1, 'drip', 'Welcome', 'active', $2) returning id`,
      [account, JSON.stringify({ type: "group.joined", groupId: group })],
    )
  ).rows[0].id;
  await db.query(
    `insert into automation_versions (automation_id, version, graph) values ($1, 1, $2)`,
    [automation, JSON.stringify(graph)],
  );

  worker = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts", "--role=worker"], {
    env: {
      ...process.env,
      ...env,
      PORT: String(parley.port),
      DATA_DIR: parley.dataDir,
      DATABASE_URL: parley.databaseUrl,
      SEED_DEMO: "false",
      ...(PROFILE ? { LOG_LEVEL: "debug", LOG_FORMAT: "json" } : {}),
    },
    stdio: ["ignore", PROFILE ? "pipe" : "ignore", "inherit"],
  });
  // Per-batch phases from the worker's debug log: [component/consumer] -> { batches, items, ms }.
  const phases = new Map();
  if (PROFILE)
    createInterface({ input: worker.stdout }).on("line", (line) => {
      if (!line.includes('"msg":"batch"')) return;
      const j = JSON.parse(line);
      const key = j.consumer ? `${j.component}/${j.consumer}` : j.component;
      const p = phases.get(key) ?? { batches: 0, items: 0, ms: {} };
      p.batches++;
      p.items += j.runs ?? j.events ?? 0;
      for (const [k, v] of Object.entries(j.ms)) p.ms[k] = (p.ms[k] ?? 0) + v;
      phases.set(key, p);
    });
  const profile = (label) => {
    if (!PROFILE) return;
    for (const [key, p] of phases) {
      const per = Object.entries(p.ms)
        .map(([k, v]) => `${k} ${(v / p.batches).toFixed(0)}`)
        .join(", ");
      console.log(
        `  ${label} ${key}: ${p.batches} batches of ${Math.round(p.items / p.batches)} on average; ms a batch: ${per}`,
      );
    }
    phases.clear();
  };
  const cpu = () => {
    const web = serverCpu(parley.server.pid);
    return { worker: serverCpu(worker.pid).node, web: web.node, postgres: web.postgres };
  };
  const cpuSince = (c0, seconds) => {
    const c1 = cpu();
    const d = (k) => c1[k] - c0[k];
    return {
      worker: d("worker"),
      text: `CPU s: worker ${d("worker").toFixed(1)}, web ${d("web").toFixed(1)}, PostgreSQL ${d("postgres").toFixed(1)} (${((d("worker") + d("web") + d("postgres")) / seconds).toFixed(2)} of 2 cores); load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    };
  };
  await sleep(4000); // the worker's boot (tsx) and the recipient tables
  // The subscribers' own 'created' events are handled before the clock starts: the people exist
  // long before they join, as in life.
  while ((await db.query("select count(*)::int as n from account_event_work")).rows[0].n > 0)
    await sleep(500);
  const rss = [];
  const sampler = setInterval(() => rss.push(rssMb(worker.pid)), 500);
  const count = async (step) =>
    (
      await db.query(
        `select count(*)::int as n from automation_step_log where automation_id = $1 and step_id = $2`,
        [automation, step],
      )
    ).rows[0].n;
  const runs = async () =>
    (
      await db.query(`select count(*)::int as n from automation_runs where automation_id = $1`, [
        automation,
      ])
    ).rows[0].n;

  phases.clear();
  console.log(
    `load before: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const c0 = cpu();
  const t0 = performance.now();
  await db.query(
    `insert into group_members (group_id, subscriber_id) select $1, id from subscribers where account_id = $2`,
    [group, account],
  );
  const joinedMs = performance.now() - t0;
  let enrolledMs = 0;
  // A worker that stops making progress (an error in its log) fails the run instead of hanging.
  let seen = -1;
  let since = performance.now();
  const progress = (n) => {
    if (n !== seen) [seen, since] = [n, performance.now()];
    else if (performance.now() - since > 120_000) throw new Error(`stuck at ${n} of ${N}`);
  };
  for (;;) {
    const enrolled = await runs();
    if (!enrolledMs && enrolled >= N) enrolledMs = performance.now() - t0;
    const first = await count("s1");
    if (first >= N) break;
    progress(enrolled + first);
    await sleep(200);
  }
  const firstMs = performance.now() - t0;
  const firstCpu = cpuSince(c0, firstMs / 1000);
  const firstOk = firstMs / 1000 < GOAL_FIRST_S;
  missed ||= !firstOk;
  console.log(
    `${N} people join a group (one statement, ${(joinedMs / 1000).toFixed(1)} s): all in the drip after ${(enrolledMs / 1000).toFixed(1)} s, every first text queued after ${(firstMs / 1000).toFixed(1)} s = ${Math.round(N / (firstMs / 1000))} people/s; goal < ${GOAL_FIRST_S} s, ratio ${(GOAL_FIRST_S / (firstMs / 1000)).toFixed(2)}${firstOk ? "" : " (missed)"}`,
  );
  console.log(`  ${firstCpu.text}`);
  profile("join");

  await db.query(`update automation_clock set offset_ms = offset_ms + 86400000 + 60000`);
  await db.query("select pg_notify('parley_pipeline', '')");
  const c1 = cpu();
  const t1 = performance.now();
  for (let n = await count("s2"); n < N; n = await count("s2")) {
    progress(N + n);
    await sleep(100);
  }
  const timersMs = performance.now() - t1;
  clearInterval(sampler);
  const texts = (
    await db.query(
      `select count(*)::int as n, count(distinct to_number)::int as d from messages where source = 'automation'`,
    )
  ).rows[0];
  const timersCpu = cpuSince(c1, timersMs / 1000);
  const perS = N / (timersMs / 1000);
  const timersOk = perS >= GOAL_TIMERS_PER_S;
  missed ||= !timersOk;
  console.log(
    `the day passes: ${N} due timers → second texts queued in ${(timersMs / 1000).toFixed(1)} s = ${Math.round(perS)} timers/s; goal ≥ ${GOAL_TIMERS_PER_S}/s, ratio ${(perS / GOAL_TIMERS_PER_S).toFixed(2)}${timersOk ? "" : " (missed)"}; ${Math.round(N / timersCpu.worker)} timers per worker core-second`,
  );
  console.log(`  ${timersCpu.text}`);
  profile("timers");
  console.log(
    `texts written: ${texts.n} to ${texts.d} numbers (expected ${2 * N} to ${N}); worker RSS ${Math.round(Math.min(...rss))}-${Math.round(Math.max(...rss))} MB`,
  );
  if (texts.n !== 2 * N || texts.d !== N) missed = true;
  await db.end();
} finally {
  if (worker) await stopProcess(worker);
  await parley.stop();
}
if (missed) {
  console.log("a goal was missed");
  process.exitCode = 1;
}
