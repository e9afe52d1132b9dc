#!/usr/bin/env node
// The send pipeline at scale, on a production build: a web process (API, emulator, webhooks) and
// a separate worker process (scheduler, fan-out, dispatch), the shape DESIGN.md describes.
// 1. Fan-out: the demo account gets N subscribers (1% opted out); a plain COPY of N message rows
//    into a copy of the messages table is timed first, then POST /api/sends to all with a
//    personalised text, timed from the run's start to its commit.
// 2. Dispatch: a second campaign of D recipients (throughput limits lifted) is timed from fan-out
//    to the last carrier acceptance; prints messages per second, duplicates and losses counted at
//    the emulator, and the worker's memory over the run.
// Run: node bench/send-pipeline.mjs [fanout=1000000] [dispatch=100000] [callback latency ms=400] [web processes=1]
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { logInAsDemo, rssMb, startServer, stopProcess } from "./lib/server.mjs";

const N = Number(process.argv[2] ?? 1_000_000);
const D = Number(process.argv[3] ?? 100_000);
// Milliseconds between the emulator's status callbacks: at the default the carrier's callbacks
// arrive while the campaign is sending (steady state); a long one measures dispatch alone.
const LATENCY = process.argv[4] ?? "400";
// Web processes: with 2, a second one (--role=web) receives the status callbacks while the first
// serves the emulator, the shape of a production install with several web processes.
const WEBS = Number(process.argv[5] ?? 1);
const limitsLifted = {
  EMULATOR_MPS_LONG_CODE: "1000000",
  EMULATOR_MPS_TOLL_FREE: "1000000",
  SEND_MPS_LONG_CODE: "1000000",
  SEND_MPS_TOLL_FREE: "1000000",
  EMULATOR_LATENCY_MS: LATENCY,
  LOG_LEVEL: "warn",
};

const parley = startServer({
  firstPort: 4110,
  env: { ...limitsLifted, SEED_DEMO: "true", SEND_PIPELINE: "off" },
  wait: { tries: 1200, failOnExit: true },
});
const { port, base, dataDir, databaseUrl } = parley;
const webhookPort = port + 1;
let worker;
let web2;

function startSecondWeb() {
  web2 = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts", "--role=web"], {
    env: {
      ...process.env,
      ...limitsLifted,
      PORT: String(webhookPort),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function startWorker() {
  worker = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts", "--role=worker"], {
    env: {
      ...process.env,
      ...limitsLifted,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

try {
  await parley.ready();
  const db = new pg.Client({
    connectionString: databaseUrl,
  });
  // The server stops at the end (or on a failure) while this client is still connected.
  db.on("error", () => {});
  await db.connect();
  const { rows: me } = await db.query("select account_id from users where username = 'demo'");
  const accountId = me[0].account_id;
  // The demo's numbers are bought from the emulator just after the server starts listening.
  let number;
  for (let i = 0; i < 300 && !number; i++) {
    const { rows } = await db.query(
      "select id, number from phone_numbers where account_id = $1 and state = 'active' order by id limit 1",
      [accountId],
    );
    number = rows[0];
    if (!number) await sleep(100);
  }
  if (!number) throw new Error("the demo account has no sending number");
  await db.query("delete from subscribers where account_id = $1", [accountId]);
  await db.query(
    `insert into account_credits (account_id, balance, period_allowance) values ($1, 100000000, 100000000)
     on conflict (account_id) do update set balance = 100000000`,
    [accountId],
  );

  const headers = {
    cookie: await logInAsDemo(base),
    "x-parley-csrf": "1",
    "content-type": "application/json",
  };

  async function subscribersOf(count, areaBase) {
    await db.query("delete from subscribers where account_id = $1", [accountId]);
    await db.query("delete from suppressions where account_id = $1", [accountId]);
    await db.query(
      `insert into subscribers (account_id, phone, first_name, last_name, signup_method, marketing_consent_at)
       select $1, '+1' || $3 || lpad((200 + i / 9000)::text, 3, '0') || (1000 + i % 9000),
              'First' || i, 'Last' || i, 'API', now()
         from generate_series(1, $2) i`,
      [accountId, count, areaBase],
    );
    await db.query(
      `insert into suppressions (account_id, phone, reason)
       select account_id, phone, 'opted_out' from subscribers where account_id = $1 and id % 100 = 0`,
      [accountId],
    );
    await db.query("vacuum analyze subscribers");
  }

  // 1. Fan-out against a plain COPY of as many rows.
  await subscribersOf(N, "201");
  await db.query("create table bench_copy (like messages including all)");
  // The PostgreSQL server writes and reads this file as its own user.
  const copyDir = path.join(dataDir, "copy");
  mkdirSync(copyDir, { mode: 0o777 });
  chmodSync(copyDir, 0o777);
  const file = path.join(copyDir, "copy.csv");
  await db.query(
    `copy (select account_id, 'outbound', ${number.id}, '${number.number}', phone,
                  'Hi ' || first_name || ', our spring sale starts today!', 'Queued', 'campaign', id, true, now()
             from subscribers where account_id = ${accountId}) to '${file}' (format csv)`,
  );
  const t0 = performance.now();
  await db.query(
    `copy bench_copy (account_id, direction, phone_number_id, from_number, to_number, body, status,
                      source, subscriber_id, pending_dispatch, not_before) from '${file}' (format csv)`,
  );
  const copyMs = performance.now() - t0;
  await db.query("drop table bench_copy");
  await db.query("checkpoint");

  if (WEBS > 1) {
    startSecondWeb();
    for (let i = 0; i < 600; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${webhookPort}/healthz`)).ok) break;
      } catch {}
      await sleep(100);
    }
  }
  startWorker();
  const send = await fetch(`${base}/api/sends`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      isSubscribers: "all",
      message: "Hi [first name] [last name], our spring sale starts today!",
    }),
  });
  if (send.status !== 201) throw new Error(`send refused: ${send.status} ${await send.text()}`);
  const sendId = (await send.json()).id;
  let run;
  for (;;) {
    const { rows } = await db.query(
      `select id, status, recipients, excluded, extract(epoch from fanned_out_at - started_at) * 1000 as ms
         from send_runs where send_id = $1`,
      [sendId],
    );
    if (rows[0] && rows[0].status !== "pending") {
      run = rows[0];
      break;
    }
    await sleep(100);
  }
  console.log(
    `fan-out: ${N.toLocaleString("en-US")} subscribers, ${run.recipients.toLocaleString("en-US")} messages (${run.excluded} opted out excluded)`,
  );
  console.log(
    `  plain COPY of ${N.toLocaleString("en-US")} rows into a copy of messages: ${(copyMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  fan-out (personalised, priced, credits reserved, one transaction): ${(run.ms / 1000).toFixed(1)} s`,
  );

  // Stop that campaign from dispatching a million messages: cancel its deliveries.
  await db.query("update messages set pending_dispatch = false where run_id = $1", [run.id]);
  await db.query("update send_runs set status = 'completed' where id = $1", [run.id]);

  // 2. Dispatch throughput.
  await subscribersOf(D, "312");
  const send2 = await fetch(`${base}/api/sends`, {
    method: "POST",
    headers,
    body: JSON.stringify({ isSubscribers: "all", message: "Hi [first name], flash sale!" }),
  });
  const sendId2 = (await send2.json()).id;
  let fanned;
  for (;;) {
    const { rows } = await db.query(
      "select id, recipients, fanned_out_at from send_runs where send_id = $1 and status <> 'pending'",
      [sendId2],
    );
    if (rows[0]) {
      fanned = rows[0];
      break;
    }
    await sleep(20);
  }
  const memory = [];
  const startedAt = Date.now();
  let done = 0;
  for (;;) {
    const { rows } = await db.query(
      "select count(*) filter (where pending_dispatch)::int as pending from messages where run_id = $1",
      [fanned.id],
    );
    memory.push(rssMb(worker.pid));
    if (rows[0].pending === 0) break;
    await sleep(500);
  }
  const { rows: last } = await db.query(
    "select extract(epoch from max(updated_at) - $2::timestamptz) * 1000 as ms from messages where run_id = $1",
    [fanned.id, fanned.fanned_out_at],
  );
  done = Date.now() - startedAt;
  const ms = Number(last[0].ms) || done;
  const emu = await db.query(
    `select count(*)::int - $2 as n, count(distinct to_number)::int as distinct
       from emu_messages where from_number = $1 and to_number like '+1312%'`,
    [number.number, 0],
  );
  const rate = (fanned.recipients / ms) * 1000;
  console.log(
    `dispatch: ${fanned.recipients.toLocaleString("en-US")} messages to the emulator in ${(ms / 1000).toFixed(1)} s = ${Math.round(rate).toLocaleString("en-US")} messages/s`,
  );
  console.log(
    `  received by the carrier: ${emu.rows[0].n.toLocaleString("en-US")} (${emu.rows[0].n - fanned.recipients} duplicates or losses; distinct recipients ${emu.rows[0].distinct.toLocaleString("en-US")})`,
  );
  const q = (p) =>
    memory.slice().sort((a, b) => a - b)[Math.floor((p / 100) * (memory.length - 1))];
  console.log(
    `  worker memory: first ${memory[0].toFixed(0)} MB, median ${q(50).toFixed(0)} MB, max ${Math.max(...memory).toFixed(0)} MB, last ${memory.at(-1).toFixed(0)} MB`,
  );
  await db.end();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  // The worker first: its connections go before the embedded PostgreSQL does.
  await stopProcess(worker);
  await stopProcess(web2);
  await parley.stop();
}
