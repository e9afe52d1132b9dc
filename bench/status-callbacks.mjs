#!/usr/bin/env node
// Posts signed Twilio status callbacks (sent, then delivered, for each message) at a production
// Parley server and reports sustained callbacks/s and latency percentiles, then checks that every
// status was persisted. Run: node bench/status-callbacks.mjs [messages=10000] [concurrency=64]
import { createHmac } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { pct as percentile, startServer } from "./lib/server.mjs";

const MESSAGES = Number(process.argv[2] ?? 10_000);
const CONCURRENCY = Number(process.argv[3] ?? 64);
const parley = startServer({ firstPort: 3950, env: { SEED_DEMO: "false" } });
const { base } = parley;

function sign(token, url, params) {
  let data = url;
  for (const key of Object.keys(params).sort()) data += key + params[key];
  return createHmac("sha1", token).update(data).digest("base64");
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function post(pathname, params, token) {
  const body = new URLSearchParams(params).toString();
  const signature = sign(token, `${base}${pathname}`, params);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${pathname}`,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "x-twilio-signature": signature,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

try {
  await parley.ready();
  const db = new pg.Client({
    connectionString: parley.databaseUrl,
  });
  await db.connect();
  const { rows: creds } = await db.query(
    "select value from global_settings where name = 'emulator.credentials'",
  );
  const token = creds[0].value.authToken;
  const account = (
    await db.query(
      "insert into accounts (account_name, business_name, email) values ('bench', 'Bench', 'b@x.test') returning id",
    )
  ).rows[0].id;
  const number = (
    await db.query(
      "insert into phone_numbers (account_id, number, carrier_sid) values ($1, '+12125550100', 'PNbench') returning id",
      [account],
    )
  ).rows[0].id;
  const { rows: msgs } = await db.query(
    `insert into messages (account_id, direction, phone_number_id, from_number, to_number, body, status, source)
     select $1, 'outbound', $2, '+12125550100', '+1310' || lpad(g::text, 7, '0'), 'hi', 'Queued', 'bench'
     from generate_series(1, $3) g returning id`,
    [account, number, MESSAGES],
  );
  const jobs = [];
  for (const step of ["sent", "delivered"]) {
    for (const { id } of msgs) {
      const sid = `SM${String(id).padStart(32, "0")}`;
      jobs.push([
        `/webhooks/twilio/status?m=${id}`,
        { MessageSid: sid, MessageStatus: step, AccountSid: "ACbench" },
      ]);
    }
  }

  // Warm-up (JIT, connection pools), not counted.
  for (let i = 0; i < 200; i++)
    await post(
      "/webhooks/twilio/status?m=0",
      { MessageSid: "SMwarm", MessageStatus: "sent" },
      token,
    );

  const latencies = new Float64Array(jobs.length);
  let next = 0;
  let bad = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < jobs.length; i = next++) {
        const t0 = performance.now();
        const status = await post(jobs[i][0], jobs[i][1], token);
        latencies[i] = performance.now() - t0;
        if (status !== 204) bad++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  const { rows: check } = await db.query(
    "select status, count(*)::int as n from messages where source = 'bench' group by status",
  );
  await db.end();
  console.log(
    `status callbacks: ${jobs.length} in ${seconds.toFixed(2)} s = ${Math.round(jobs.length / seconds)}/s (concurrency ${CONCURRENCY})`,
  );
  console.log(
    `latency ms: p50 ${percentile(sorted, 50).toFixed(1)}  p95 ${percentile(sorted, 95).toFixed(1)}  p99 ${percentile(sorted, 99).toFixed(1)}  max ${sorted.at(-1).toFixed(1)}`,
  );
  console.log(
    `non-204 answers: ${bad}; persisted: ${check.map((r) => `${r.status} ${r.n}`).join(", ")}`,
  );
} finally {
  agent.destroy();
  await parley.stop("SIGINT");
}
