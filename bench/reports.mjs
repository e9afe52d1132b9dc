#!/usr/bin/env node
// The subscriber, opt-out and click reports and the analytics views on a production Parley
// server, with the demo account grown to S subscribers (joined over a year, consent log rows
// feeding the rollup trigger), R campaign runs of S recipients over the last 29 days (M = R × S
// deliveries, failures by real error codes), replies, link clicks and opt-outs after the runs,
// straight in SQL (generate_series and INSERT … SELECT, so the rollup triggers see every row).
// Then each report and analytics endpoint through HTTP, N times: p50/p95.
// Run: node bench/reports.mjs [subscribers=100000] [runs=50] [samples=20]
// BENCH_PORT picks the server's port (its PostgreSQL on that + 20,000) on a shared machine;
// BENCH_KEEP=1 keeps the data folder (printed) to profile queries on it afterwards;
// BENCH_DATA=<that folder> measures again on it without seeding (pending migrations run first,
// their time is in the printed start time).
import { readFileSync } from "node:fs";
import pg from "pg";
import { logInAsDemo, pct, startServer, stopProcess } from "./lib/server.mjs";

const S = Number(process.argv[2] ?? 100_000);
const R = Number(process.argv[3] ?? 50);
const N = Number(process.argv[4] ?? 20);
const parley = startServer({
  firstPort: Number(process.env.BENCH_PORT ?? 3990),
  spread: process.env.BENCH_PORT ? 1 : 40,
  prefix: "perf-reports-",
  env: { SEED_DEMO: "true" },
  wait: { tries: 6000, failOnExit: true },
  dataDir: process.env.BENCH_DATA,
});
const { base } = parley;

try {
  const startedAt = Date.now();
  await parley.ready();
  console.log(`server up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  if (!process.env.BENCH_DATA) await seed();
  await measure();
} finally {
  if (process.env.BENCH_KEEP || process.env.BENCH_DATA) {
    await stopProcess(parley.server);
    console.log(`data kept in ${parley.dataDir}`);
  } else await parley.stop();
}

async function seed() {
  const db = new pg.Client({ connectionString: parley.databaseUrl });
  await db.connect();
  const { rows } = await db.query("select account_id, id from users where username = 'demo'");
  const accountId = rows[0].account_id;
  const userId = rows[0].id;
  const started = Date.now();
  const methods =
    "array['KEYWORD','QR_CODE','SIGN_UP_FORM','MANUAL_ENTRY','SPREADSHEET_IMPORT','API']";
  await db.query(
    `insert into subscribers (account_id, phone, signup_method, marketing_consent_at, created_at)
     select $1, '+1' || (4000000000 + g)::text, (${methods})[1 + g % 6],
       now() - (g % 365 || ' days')::interval - (g % 24 || ' hours')::interval,
       now() - (g % 365 || ' days')::interval - (g % 24 || ' hours')::interval
     from generate_series(0, $2 - 1) g`,
    [accountId, S],
  );
  await db.query(
    `insert into consent_events (account_id, phone, action, source, detail, created_at)
     select $1, s.phone, 'opt_in', 'keyword', 'JOIN', s.created_at from subscribers s
     where s.account_id = $1 and s.phone like '+14%'`,
    [accountId],
  );
  const link = await db.query(
    `insert into links (account_id, code, long_url) values ($1, 'benchLk', 'https://example.com') returning id`,
    [accountId],
  );
  const linkId = link.rows[0].id;
  // R runs spread over the last 29 days (all inside the reports' default 30 days), each to every
  // subscriber: one INSERT … SELECT over runs × subscribers writes the M deliveries.
  const runIds = [];
  for (let i = 0; i < R; i++) {
    const hoursAgo = 24 + Math.floor((i * 28 * 24) / R);
    const s = await db.query(
      `insert into sends (account_id, user_id, form, text, recipients, timezone, status, link_id)
       values ($1, $2, '{}', $3, '{"mode":"all"}', 'America/New_York', 'completed', $4) returning id`,
      [accountId, userId, `Bench campaign ${i}`, linkId],
    );
    const r = await db.query(
      `insert into send_runs (send_id, account_id, run_at, status, text, recipients, credits, completed_at)
       values ($1, $2, date_trunc('hour', now()) - ($3 || ' hours')::interval, 'completed', $4, $5, $5, now())
       returning id`,
      [s.rows[0].id, accountId, String(hoursAgo), `Bench campaign ${i}`, S],
    );
    runIds.push(r.rows[0].id);
  }
  const runs = `(select r.id, r.run_at, row_number() over (order by r.id) - 1 as i from send_runs r
                 where r.id = any($2::bigint[]))`;
  const bench = "s.account_id = $1 and s.phone like '+14%'";
  let t0 = Date.now();
  await db.query(
    `insert into messages (account_id, direction, from_number, to_number, body, status, error_code,
       source, run_id, subscriber_id, credits, created_at, updated_at)
     select $1, 'outbound', '+12125550100', s.phone, 'Bench campaign',
       case when (s.id + r.i) % 100 = 0 then 'Undelivered' when s.id % 100 = 1 then 'Failed Landline Delivery'
            when (s.id + r.i) % 100 = 2 then 'Delivery Unconfirmed' else 'Delivered' end,
       case when (s.id + r.i) % 100 = 0 then 30003 when s.id % 100 = 1 then 30006
            when (s.id + r.i) % 100 = 2 then 30008 end,
       'campaign', r.id, s.id, 1, r.run_at, r.run_at
     from ${runs} r cross join subscribers s where ${bench}`,
    [accountId, runIds],
  );
  console.log(`  deliveries ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // After each run: 3% reply, 8% click, 0.2% opt out. Replies and clicks feed the per-run
  // engagement rollup through row triggers as they arrive one by one in life; here the first
  // 2,000 of each go in with the triggers on (their cost per row is printed), the rest with
  // them off, and then the rollups are filled by migrations 0037's and 0045's own backfills.
  const replies = `from ${runs} r cross join subscribers s where ${bench} and (s.id + r.i) % 33 = 0`;
  const clicks = `from ${runs} r cross join subscribers s where ${bench} and (s.id + r.i) % 12 = 0`;
  const insertReplies = (part) =>
    db.query(
      `insert into messages (account_id, direction, from_number, to_number, body, status, source, created_at)
       select $1, 'inbound', s.phone, '+12125550100', 'Thanks!', 'Received', 'carrier', r.run_at + interval '30 minutes'
       ${replies} and ${part}`,
      [accountId, runIds],
    );
  const insertClicks = (part) =>
    db.query(
      `insert into link_clicks (link_id, account_id, subscriber_id, clicked_at)
       select $3, $1, s.id, r.run_at + interval '1 hour' ${clicks} and ${part}`,
      [accountId, runIds, linkId],
    );
  const firstSubs =
    "s.id < (select min(id) from subscribers where account_id = $1 and phone like '+14%') + 1320";
  t0 = Date.now();
  const live = await insertReplies(firstSubs);
  const replyMs = (Date.now() - t0) / live.rowCount;
  t0 = Date.now();
  const liveClicks = await insertClicks(firstSubs.replace("1320", "480"));
  const clickMs = (Date.now() - t0) / liveClicks.rowCount;
  console.log(
    `  with triggers: ${live.rowCount} replies ${replyMs.toFixed(2)} ms each, ${liveClicks.rowCount} clicks ${clickMs.toFixed(2)} ms each`,
  );
  t0 = Date.now();
  await db.query("begin");
  await db.query("set local session_replication_role = replica");
  await insertReplies(`not (${firstSubs})`);
  await insertClicks(`not (${firstSubs.replace("1320", "480")})`);
  await db.query("commit");
  const migration = readFileSync(
    new URL("../src/server/db/migrations/0037_run_engagement.sql", import.meta.url),
    "utf8",
  );
  const backfill = migration
    .slice(migration.indexOf("-- What was there before the triggers"))
    .split("--> statement-breakpoint")
    .filter((x) => !x.includes("DROP INDEX") && !x.includes("CREATE INDEX"));
  // Fresh statistics first, as a database that grew over time has them (the planner otherwise
  // takes 5,000,000 messages for a few).
  await db.query("analyze messages, link_clicks, send_runs, sends");
  await db.query("truncate report_run_engagers, report_run_engagement");
  for (const statement of backfill) await db.query(statement);
  // The same for the per-subscriber click rollup (migration 0045).
  const rollups = readFileSync(
    new URL(
      "../src/server/db/migrations/0045_report_number_and_clicker_rollups.sql",
      import.meta.url,
    ),
    "utf8",
  );
  const from = rollups.indexOf("-- Backfill of report_subscriber_clicks");
  await db.query("truncate report_subscriber_clicks");
  await db.query(rollups.slice(from, rollups.indexOf("--> statement-breakpoint", from)));
  console.log(`  replies and clicks, rollup backfilled ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  t0 = Date.now();
  await db.query(
    `insert into consent_events (account_id, phone, action, source, detail, created_at)
     select $1, s.phone, 'opt_out', 'keyword', 'STOP', r.run_at + interval '45 minutes'
     from ${runs} r cross join subscribers s where ${bench} and (s.id + r.i * 7) % 500 = 0`,
    [accountId, runIds],
  );
  console.log(`  opt-outs ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await db.query(
    `insert into account_settings (account_id, name, value) values ($1, 'advanced_reporting', 'true'::jsonb)
     on conflict (account_id, name) do update set value = excluded.value`,
    [accountId],
  );
  const { rows: counted } = await db.query(
    "select (select count(*) from messages) as m, (select count(*) from subscribers) as s",
  );
  console.log(
    `filled ${Number(counted[0].s).toLocaleString()} subscribers, ${Number(counted[0].m).toLocaleString()} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await db.query("vacuum analyze");
  await db.end();
}

async function measure() {
  const cookie = await logInAsDemo(base);
  const headers = { cookie, "x-parley-csrf": "1" };
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const calls = [
    ["subscriber report, last 30 days", "/api/reports/subscribers"],
    ["subscriber report, 366 days", `/api/reports/subscribers?from=${yearAgo}&to=${today}`],
    ["opt-out report, last 30 days", "/api/reports/opt-outs"],
    ["opt-out report, page 20", "/api/reports/opt-outs?page=20"],
    ["clicks per subscriber, last 30 days", "/api/reports/link-clicks/subscribers"],
    ["click-through per send, last 30 days", "/api/reports/link-clicks/sends"],
    ["analytics, last 30 days", "/api/analytics"],
    ["advanced analytics: cohorts", "/api/analytics/cohorts"],
    ["advanced analytics: conversions", "/api/analytics/conversions"],
    ["failed numbers of 30003 (retry/clean dialog)", "/api/analytics/failures/numbers?code=30003"],
    ["failed numbers of 30006 (retry/clean dialog)", "/api/analytics/failures/numbers?code=30006"],
  ];
  for (const [label, url] of calls) {
    const times = [];
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${url}`, { headers });
      await res.text();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      times.push(performance.now() - t0);
    }
    times.sort((x, y) => x - y);
    console.log(
      `${label.padEnd(44)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms   p95 ${pct(times, 95).toFixed(1).padStart(7)} ms`,
    );
  }
}
