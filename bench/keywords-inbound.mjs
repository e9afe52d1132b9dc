#!/usr/bin/env node
// Growth tools under load (issue 14), on a production Parley server with the demo seeded:
//  1. signed Twilio inbound webhooks that text the demo's keyword COFFEE from distinct phones
//     (each one a new subscriber: consent evidence, keyword join, the opt-in reply queued through
//     the outbound path): the webhook's latency percentiles, and the end-to-end rate, counted
//     once every text is handled (every join recorded, every opt-in reply queued), not when
//     the webhooks are answered. Amid the flood some phones text STOP: how long from the
//     webhook's answer until their confirmation is queued (the ingress worker takes STOP first);
//  2. POST /opt-in-forms/public/render of the demo's popup, latency percentiles. Each request comes
//     from another visitor address (X-Forwarded-For, TRUST_PROXY on) as on a real site, so the
//     per-visitor rate limit is met as a shop's visitors meet it.
// Run: node bench/keywords-inbound.mjs [inbound=4000] [renders=3000] [concurrency=32]
// Render only: inbound 0 (`node bench/keywords-inbound.mjs 0 5000 32`); keywords only: renders 0.
// Prints each figure with its goal and ratio (figure / goal, or goal / figure for latencies:
// ≥ 1 is met) and exits 1 when a measured goal is missed.
import { createHmac } from "node:crypto";
import http from "node:http";
import os from "node:os";
import pg from "pg";
import { pct, serverCpu, startServer } from "./lib/server.mjs";

const INBOUND = Number(process.argv[2] ?? 4000);
const RENDERS = Number(process.argv[3] ?? 3000);
const CONCURRENCY = Number(process.argv[4] ?? 32);
const parley = startServer({
  firstPort: 4050,
  env: { SEED_DEMO: "true", TRUST_PROXY: "true", DEMO_PASSWORD: "espresso-parley-2026" },
  // The demo is seeded after the server listens: measured only once it is in.
  settled: true,
  // Its first start initialises PostgreSQL and seeds the demo: minutes on a busy machine.
  wait: { tries: 3000 },
});
const { base } = parley;
// The goals: keyword texts handled ≥ 2,000/s with webhook p99 < 50 ms, a STOP amid the
// flood answered (its confirmation queued) within 1 s p95; popup render p95 < 20 ms.
const GOALS = { keywordRate: 2000, keywordP99: 50, stopP95: 1000, renderP95: 20 };
/** One STOP among this many keyword texts. */
const STOP_EVERY = 50;
const missed = [];
/** "figure (goal …, ratio r)"; a ratio under 1 is a goal missed. */
function verdict(name, figure, goal, higherIsBetter, unit) {
  const ratio = higherIsBetter ? figure / goal : goal / figure;
  if (ratio < 1) missed.push(name);
  const op = higherIsBetter ? "≥" : "<";
  return `${name} ${figure.toFixed(1)}${unit} (goal ${op} ${goal}${unit}, ratio ${ratio.toFixed(2)}${ratio < 1 ? ", NOT MET" : ", met"})`;
}

function sign(token, url, params) {
  let data = url;
  for (const key of Object.keys(params).sort()) data += key + params[key];
  return createHmac("sha1", token).update(data).digest("base64");
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function request(pathname, body, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${pathname}`,
      { method: "POST", agent, headers: { ...headers, "content-length": Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Runs jobs at CONCURRENCY; returns sorted latencies, wall seconds and the non-2xx count. */
async function load(jobs, run) {
  const latencies = new Float64Array(jobs.length);
  let next = 0;
  let bad = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < jobs.length; i = next++) {
        const t0 = performance.now();
        const status = await run(jobs[i]);
        latencies[i] = performance.now() - t0;
        if (status < 200 || status >= 300) bad++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { sorted: Array.from(latencies).sort((a, b) => a - b), seconds, bad };
}

const line = (s) =>
  `p50 ${pct(s, 50).toFixed(1)}  p95 ${pct(s, 95).toFixed(1)}  p99 ${pct(s, 99).toFixed(1)}  max ${s.at(-1).toFixed(1)}`;

try {
  await parley.ready();
  const db = new pg.Client({ connectionString: parley.databaseUrl });
  await db.connect();
  const token = (
    await db.query("select value from global_settings where name = 'emulator.credentials'")
  ).rows[0].value.authToken;
  // The demo's number is bought from the emulator just after start: wait for it.
  let number;
  for (let i = 0; i < 600 && !number; i++) {
    number = (
      await db.query(
        `select p.number from phone_numbers p join accounts a on a.id = p.account_id
          where a.account_name = 'parley-demo' and p.state = 'active' limit 1`,
      )
    ).rows[0]?.number;
    if (!number) await new Promise((r) => setTimeout(r, 100));
  }
  if (!number) throw new Error("the demo number was not seeded");
  // Credits for every opt-in reply (the demo's own would run out amid the flood).
  await db.query(
    `update account_credits set balance = balance + 1000000
      where account_id = (select id from accounts where account_name = 'parley-demo')`,
  );

  const inbound = (from, body, sid) => {
    const params = {
      MessageSid: sid,
      SmsSid: sid,
      AccountSid: "ACbench",
      From: from,
      To: number,
      Body: body,
      NumMedia: "0",
      NumSegments: "1",
    };
    const path = "/webhooks/twilio/inbound";
    return request(path, new URLSearchParams(params).toString(), {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": sign(token, `${base}${path}`, params),
    });
  };
  if (INBOUND > 0) {
    // Warm-up (JIT, pools), not counted: other words that match no keyword.
    for (let i = 0; i < 100; i++)
      await inbound(`+1415${String(9000000 + i)}`, "hello", `SMwarm${String(i).padStart(28, "0")}`);

    const texts = Array.from({ length: INBOUND }, (_, i) => ({
      from: `+1310${String(1000000 + i)}`,
      // Any case, alone or as JOIN <keyword>.
      body: i % 3 === 0 ? "join coffee" : i % 3 === 1 ? "COFFEE" : "Coffee",
      sid: `SM${String(i).padStart(32, "0")}`,
    }));
    // STOP texts from other phones, spread through the flood.
    const stops = new Map();
    for (let i = STOP_EVERY; i < INBOUND; i += STOP_EVERY) {
      const from = `+1311${String(1000000 + i)}`;
      stops.set(from, { answeredAt: 0, queuedAt: 0 });
      texts.splice(i + stops.size - 1, 0, {
        from,
        body: "STOP",
        sid: `SMstop${String(i).padStart(28, "0")}`,
        stop: true,
      });
    }
    // Watches for the STOP confirmations while the flood runs: the time a reply row is first
    // seen (committed), to a poll's interval.
    let watching = true;
    const watcher = (async () => {
      const watch = new pg.Client({ connectionString: parley.databaseUrl });
      await watch.connect();
      while (watching || [...stops.values()].some((s) => s.answeredAt && !s.queuedAt)) {
        const { rows } = await watch.query(
          `select distinct to_number from messages
            where direction = 'outbound' and source = 'compliance' and to_number like '+1311%'`,
        );
        const now = performance.now();
        for (const r of rows) {
          const s = stops.get(r.to_number);
          if (s && !s.queuedAt) s.queuedAt = now;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      await watch.end();
    })();
    const handled = async () =>
      (
        await db.query(
          `select (select count(distinct j.phone)::int from keyword_joins j
                    where j.phone like '+1310%') as joins,
                  (select count(*)::int from messages m
                    where m.direction = 'outbound' and m.source = 'keyword_reply'
                      and m.to_number like '+1310%') as replies`,
        )
      ).rows[0];
    const started = performance.now();
    const kw = await load(texts, async (t) => {
      const status = await inbound(t.from, t.body, t.sid);
      if (t.stop) stops.get(t.from).answeredAt = performance.now();
      return status;
    });
    // Handled end to end: every join recorded and every opt-in reply queued.
    let done = await handled();
    while (done.joins < INBOUND || done.replies < INBOUND) {
      if (performance.now() - started > 600_000) break;
      await new Promise((r) => setTimeout(r, 50));
      done = await handled();
    }
    const seconds = (performance.now() - started) / 1000;
    watching = false;
    await watcher;
    const stopLatencies = [...stops.values()]
      .map((s) => (s.queuedAt ? Math.max(0, s.queuedAt - s.answeredAt) : Number.POSITIVE_INFINITY))
      .sort((a, b) => a - b);
    console.log(
      `keyword webhooks: ${texts.length} (${INBOUND} keyword, ${stops.size} STOP) answered in ${kw.seconds.toFixed(2)} s = ${Math.round(texts.length / kw.seconds)}/s (concurrency ${CONCURRENCY}); non-2xx ${kw.bad}`,
    );
    console.log(`  webhook latency ms: ${line(kw.sorted)}`);
    console.log(
      `  handled end to end: ${INBOUND} keyword texts in ${seconds.toFixed(2)} s = ${Math.round(INBOUND / seconds)}/s; joins recorded ${done.joins}, opt-in replies queued ${done.replies}`,
    );
    console.log(`  STOP answer queued after the webhook's answer, ms: ${line(stopLatencies)}`);
    console.log(
      `  load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} (${os.cpus().length} cores)`,
    );
    if (done.joins < INBOUND || done.replies < INBOUND) missed.push("every text handled");
    console.log(
      `  ${verdict("keyword rate (handled)", INBOUND / seconds, GOALS.keywordRate, true, "/s")}; ${verdict("webhook p99", pct(kw.sorted, 99), GOALS.keywordP99, false, " ms")}; ${verdict("STOP answer p95", pct(stopLatencies, 95), GOALS.stopP95, false, " ms")}`,
    );
  }

  if (RENDERS > 0) {
    const render = (i) =>
      request(
        "/opt-in-forms/public/render",
        JSON.stringify({ url: "https://shop.example/beans", accountName: "parley-demo" }),
        {
          "content-type": "application/json",
          "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
      );
    const views = async () =>
      (
        await db.query(
          `select coalesce(sum(f.views), 0)::int as n from optin_forms f
             join accounts a on a.id = f.account_id where a.account_name = 'parley-demo'`,
        )
      ).rows[0].n;
    const viewsBefore = await views();
    for (let i = 0; i < 100; i++) await render(1_000_000 + i);
    // What the idle server spends on its own (job loops, the emulator), subtracted below: CPU per
    // render is the figure other work on a shared machine disturbs least.
    const idle0 = serverCpu(parley.server.pid);
    await new Promise((r) => setTimeout(r, 5_000));
    const idle1 = serverCpu(parley.server.pid);
    const cpu0 = serverCpu(parley.server.pid);
    const r = await load(
      Array.from({ length: RENDERS }, (_, i) => i),
      render,
    );
    const cpu1 = serverCpu(parley.server.pid);
    const perRender = (k) =>
      (((cpu1[k] - cpu0[k] - ((idle1[k] - idle0[k]) / 5) * r.seconds) * 1000) / RENDERS).toFixed(2);
    console.log(
      `popup render: ${RENDERS} in ${r.seconds.toFixed(2)} s = ${Math.round(RENDERS / r.seconds)}/s; non-2xx ${r.bad}`,
    );
    console.log(`  latency ms: ${line(r.sorted)}`);
    console.log(
      `  server CPU per render (idle subtracted): Node ${perRender("node")} ms, PostgreSQL ${perRender("postgres")} ms; load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    const counted = (await views()) - viewsBefore;
    console.log(`  views counted: ${counted} of ${RENDERS + 100} renders (100 warm-up)`);
    if (counted !== RENDERS + 100) missed.push("every view counted");
    console.log(
      `  ${verdict("render p95", pct(r.sorted, 95), GOALS.renderP95, false, " ms")} at ${CONCURRENCY} in flight`,
    );
  }
  await db.end();
} finally {
  agent.destroy();
  await parley.stop("SIGINT");
}
if (missed.length) {
  console.log(`goals missed: ${missed.join(", ")}`);
  process.exitCode = 1;
}
