#!/usr/bin/env node
// The subscriber, opt-out and click reports and the analytics views on a production Parley
// server, with the demo account grown to S subscribers (joined over a year, consent log rows
// feeding the rollup trigger), R campaign runs of S recipients over the last 30 days (M = R × S
// deliveries, failures by real error codes), replies, link clicks and opt-outs after the runs,
// straight in SQL. Then each report through HTTP, N times: p50/p95.
// Run: node bench/reports.mjs [subscribers=100000] [runs=10] [samples=20]
import pg from "pg";
import { logInAsDemo, pct, startServer } from "./lib/server.mjs";

const S = Number(process.argv[2] ?? 100_000);
const R = Number(process.argv[3] ?? 10);
const N = Number(process.argv[4] ?? 20);
const parley = startServer({
  firstPort: 3990,
  env: { SEED_DEMO: "true" },
  wait: { tries: 1200, failOnExit: true },
});
const { base } = parley;

try {
  await parley.ready();
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
  for (let i = 0; i < R; i++) {
    const day = 1 + i * 3;
    const s = await db.query(
      `insert into sends (account_id, user_id, form, text, recipients, timezone, status, link_id)
       values ($1, $2, '{}', $3, '{"mode":"all"}', 'America/New_York', 'completed', $4) returning id`,
      [accountId, userId, `Bench campaign ${i}`, linkId],
    );
    const r = await db.query(
      `insert into send_runs (send_id, account_id, run_at, status, text, recipients, credits, completed_at)
       values ($1, $2, now() - ($3 || ' days')::interval + interval '2 hours', 'completed', $4, $5, $5, now())
       returning id, run_at`,
      [s.rows[0].id, accountId, String(day), `Bench campaign ${i}`, S],
    );
    const runId = r.rows[0].id;
    await db.query(
      `insert into messages (account_id, direction, from_number, to_number, body, status, error_code,
         source, run_id, subscriber_id, credits, created_at, updated_at)
       select $1, 'outbound', '+12125550100', s.phone, 'Bench campaign',
         case when s.id % 100 = 0 then 'Undelivered' when s.id % 100 = 1 then 'Failed Landline Delivery'
              when s.id % 100 = 2 then 'Delivery Unconfirmed' else 'Delivered' end,
         case when s.id % 100 = 0 then 30003 when s.id % 100 = 1 then 30006
              when s.id % 100 = 2 then 30008 end,
         'campaign', $2, s.id, 1, $3, $3
       from subscribers s where s.account_id = $1 and s.phone like '+14%'`,
      [accountId, runId, r.rows[0].run_at],
    );
    // 3% reply, 8% click, 0.2% opt out after each run.
    await db.query(
      `insert into messages (account_id, direction, from_number, to_number, body, status, source, created_at)
       select $1, 'inbound', s.phone, '+12125550100', 'Thanks!', 'Received', 'carrier', $2::timestamptz + interval '30 minutes'
       from subscribers s where s.account_id = $1 and s.phone like '+14%' and (s.id + $3) % 33 = 0`,
      [accountId, r.rows[0].run_at, i],
    );
    await db.query(
      `insert into link_clicks (link_id, account_id, subscriber_id, clicked_at)
       select $1, $2, s.id, $3::timestamptz + interval '1 hour'
       from subscribers s where s.account_id = $2 and s.phone like '+14%' and (s.id + $4) % 12 = 0`,
      [linkId, accountId, r.rows[0].run_at, i],
    );
    await db.query(
      `insert into consent_events (account_id, phone, action, source, detail, created_at)
       select $1, s.phone, 'opt_out', 'keyword', 'STOP', $2::timestamptz + interval '45 minutes'
       from subscribers s where s.account_id = $1 and s.phone like '+14%' and (s.id + $3 * 7) % 500 = 0`,
      [accountId, r.rows[0].run_at, i],
    );
  }
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
} finally {
  await parley.stop();
}
