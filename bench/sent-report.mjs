#!/usr/bin/env node
// Gives the demo account of a production Parley server one campaign run of N deliveries (spread
// over the delivery statuses as a real campaign ends: mostly delivered, some failed, a few
// blocked or unconfirmed) plus 30 small runs, straight in SQL, then times the sent-messages
// report through HTTP: the list (counts by status group of every run on the page), the run's
// details, its recipients (first page, a status group, a deep page), the dashboard, and the CSV
// of the big run's failed recipients. Prints p50/p95 per call.
// Run: node bench/sent-report.mjs [deliveries=1000000] [runs=20]
import pg from "pg";
import { logInAsDemo, pct, startServer } from "./lib/server.mjs";

const N = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 20);
const parley = startServer({
  firstPort: 3950,
  env: { SEED_DEMO: "true" },
  wait: { tries: 1200, failOnExit: true },
});
const { base } = parley;

// Status mix of a finished campaign (per 1,000 deliveries).
const MIX = [
  ["Delivered", 900, null],
  ["Read", 20, null],
  ["Sent", 10, null],
  ["Delivery Unconfirmed", 15, 30008],
  ["Undelivered", 20, 30003],
  ["Failed Landline Delivery", 15, 30006],
  ["Invalid Number", 10, 21211],
  ["Blocked", 10, null],
];

try {
  await parley.ready();
  const db = new pg.Client({
    connectionString: parley.databaseUrl,
  });
  await db.connect();
  const { rows: acct } = await db.query("select account_id, id from users where username = 'demo'");
  const accountId = acct[0].account_id;
  const userId = acct[0].id;
  const started = Date.now();
  const sendRes = await db.query(
    `insert into sends (account_id, user_id, form, text, recipients, timezone, status)
     values ($1, $2, '{"repeatFrequency":"never"}', 'Big campaign', '{"mode":"all"}', 'America/New_York', 'completed')
     returning id`,
    [accountId, userId],
  );
  const runRes = await db.query(
    `insert into send_runs (send_id, account_id, run_at, status, text, recipients, credits, completed_at)
     values ($1, $2, now() - interval '1 day', 'completed', 'Big campaign', $3, $3, now()) returning id`,
    [sendRes.rows[0].id, accountId, N],
  );
  const bigRun = runRes.rows[0].id;
  // Fan-out order, statuses by position (g % 1000): every group is spread through the run, as
  // status callbacks leave it.
  let upto = 0;
  const statusCase = [];
  const codeCase = [];
  for (const [status, per, code] of MIX) {
    upto += per;
    statusCase.push(`when g % 1000 < ${upto} then '${status}'`);
    codeCase.push(`when g % 1000 < ${upto} then ${code ?? "null"}`);
  }
  await db.query(
    `insert into messages (account_id, direction, from_number, to_number, body, status, error_code,
       source, run_id, credits, created_at, updated_at)
     select $1, 'outbound', '+12125550100', '+1' || (2000000000 + g)::text, 'Big campaign',
       case ${statusCase.join(" ")} end, (case ${codeCase.join(" ")} end)::int, 'campaign', $2, 1,
       now() - interval '1 day', now() - interval '1 day'
     from generate_series(0, $3 - 1) g`,
    [accountId, bigRun, N],
  );
  // 30 small runs of 200 deliveries each, one a day.
  for (let i = 0; i < 30; i++) {
    const s = await db.query(
      `insert into sends (account_id, user_id, form, text, recipients, timezone, status)
       values ($1, $2, '{"repeatFrequency":"never"}', $3, '{"mode":"all"}', 'America/New_York', 'completed')
       returning id`,
      [accountId, userId, `Daily special ${i}`],
    );
    const r = await db.query(
      `insert into send_runs (send_id, account_id, run_at, status, text, recipients, credits, completed_at)
       values ($1, $2, now() - ($3 || ' days')::interval, 'completed', $4, 200, 200, now()) returning id`,
      [s.rows[0].id, accountId, String(i + 2), `Daily special ${i}`],
    );
    await db.query(
      `insert into messages (account_id, direction, from_number, to_number, body, status, source,
         run_id, credits, created_at, updated_at)
       select $1, 'outbound', '+12125550100', '+1' || (3000000000 + g)::text, 'Daily', 
         case when g % 10 = 0 then 'Undelivered' else 'Delivered' end, 'campaign', $2, 1,
         now() - ($3 || ' days')::interval, now() - ($3 || ' days')::interval
       from generate_series(0, 199) g`,
      [accountId, r.rows[0].id, String(i + 2)],
    );
  }
  console.log(
    `filled ${N.toLocaleString()} + 6,000 deliveries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  // As production would be some time after the campaign: statistics and visibility map current.
  await db.query("vacuum analyze messages");
  await db.end();

  const cookie = await logInAsDemo(base);
  const headers = { cookie, "x-parley-csrf": "1" };

  const calls = [
    ["sent-messages list, page 1 (25 runs, the big one among them)", "/api/reports/sent-messages"],
    ["sent-messages list, text search", "/api/reports/sent-messages?query=campaign"],
    ["big run details (counts by group)", `/api/reports/sent-messages/${bigRun}`],
    ["big run recipients, page 1", `/api/reports/sent-messages/${bigRun}/recipients`],
    [
      "big run recipients, failed group",
      `/api/reports/sent-messages/${bigRun}/recipients?group=failed`,
    ],
    [
      "big run recipients, blocked group, page 40",
      `/api/reports/sent-messages/${bigRun}/recipients?group=blocked&page=40`,
    ],
    ["big run recipients, page 4,000", `/api/reports/sent-messages/${bigRun}/recipients?page=4000`],
    [
      "big run recipients, phone search",
      `/api/reports/sent-messages/${bigRun}/recipients?query=2000012345`,
    ],
    ["dashboard", "/api/dashboard"],
  ];
  for (const [label, url] of calls) {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${url}`, { headers });
      await res.text();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      times.push(performance.now() - t0);
    }
    times.sort((x, y) => x - y);
    console.log(
      `${label.padEnd(62)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms   p95 ${pct(times, 95).toFixed(1).padStart(7)} ms`,
    );
  }
  const t0 = performance.now();
  const csv = await fetch(
    `${base}/api/reports/sent-messages/${bigRun}/recipients/export?group=failed`,
    {
      headers,
    },
  );
  const body = await csv.text();
  console.log(
    `CSV of the big run's failed recipients: ${(body.split("\n").length - 2).toLocaleString()} rows in ${(performance.now() - t0).toFixed(0)} ms`,
  );
} finally {
  await parley.stop();
}
