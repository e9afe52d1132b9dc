#!/usr/bin/env node
// Generates a CSV of N subscribers (phone, names, e-mail and 3 attributes), imports it into the
// demo account of a production Parley server through the API (upload, mapping with 2 groups, the
// pg-boss job), and reports the time to finish, rows per second and the server's peak memory.
// Against it, in the same run and before the import: a plain COPY of the same N rows, as the
// subscribers table stores them (same columns and values), into a copy of that table with its
// indexes. Goal: the import in at most 3× that COPY; exits 1 when missed. Afterwards the imported
// rows are checked against the copied ones, with their group memberships and consent lines.
// Run: node bench/subscribers-import.mjs [rows=1000000]
import { once } from "node:events";
import { chmodSync, createWriteStream, mkdirSync, openAsBlob } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { logInAsDemo, serverCpu, startServer, treeRssMb } from "./lib/server.mjs";

/** Times the goal allows over the plain COPY. */
const GOAL_RATIO = 3;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const N = Number(process.argv[2] ?? 1_000_000);
// Settled: the demo data seeded after listening is in before anything is timed.
const parley = startServer({ firstPort: 4030, env: { SEED_DEMO: "true" }, settled: true });
const { base, dataDir, server } = parley;
let db;

try {
  const csvPath = path.join(dataDir, "bench.csv");
  const out = createWriteStream(csvPath);
  out.write("Phone,First Name,Last Name,Email,VIP,Favorite Drink,Birthday\n");
  const AREA = ["212", "310", "415", "617", "512", "206"];
  const drinks = ["Latte", "Cappuccino", "Cold Brew", "Mocha", "Chai Tea", "Espresso"];
  /** Row i of the file: its area code, exchange and line, names, e-mail and attribute values. */
  const rowOf = (i) => ({
    // Unique valid numbers: an area code, an exchange of 200-999 and a 4-digit line.
    area: AREA[Math.floor(i / 8_000_000) % AREA.length],
    exchange: 200 + (Math.floor(i / 10_000) % 800),
    line: String(i % 10_000).padStart(4, "0"),
    first: `First${i % 500}`,
    last: `Last${i % 977}`,
    email: `p${i}@example.com`,
    vip: i % 5 === 0,
    drink: drinks[i % 6],
    month: 1 + (i % 12),
    day: 1 + (i % 28),
    year: 1960 + (i % 40),
  });
  for (let i = 0; i < N; i++) {
    const r = rowOf(i);
    const line = `(${r.area}) ${r.exchange}-${r.line},${r.first},${r.last},${r.email},${r.vip},${r.drink},${r.month}/${r.day}/${r.year}\n`;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");

  await parley.ready();
  const cookie = await logInAsDemo(base);
  const headers = { cookie, "x-parley-csrf": "1" };
  const json = { ...headers, "content-type": "application/json" };
  const fields = (await (await fetch(`${base}/api/custom-fields`, { headers })).json()).rows;
  const groups = (
    await (await fetch(`${base}/api/groups?includeAdaptive=false`, { headers })).json()
  ).rows;
  const fieldId = (name) => fields.find((f) => f.name === name).id;
  const field = (name) => `attribute:${fieldId(name)}`;

  db = new pg.Client({ connectionString: parley.databaseUrl });
  // The server stops at the end (or on a failure) while this client is still connected.
  db.on("error", () => {});
  await db.connect();
  const { rows: me } = await db.query("select account_id from users where username = 'demo'");
  const accountId = me[0].account_id;

  // The same rows as the subscribers table holds them after the import, in PostgreSQL's CSV
  // format, in a folder the PostgreSQL server (its own user) reads from.
  const copyDir = path.join(dataDir, "copy");
  mkdirSync(copyDir, { mode: 0o777 });
  chmodSync(copyDir, 0o777);
  const copyPath = path.join(copyDir, "copy.csv");
  const copyOut = createWriteStream(copyPath);
  const [vipId, drinkId, birthdayId] = [
    fieldId("VIP"),
    fieldId("Favorite Drink"),
    fieldId("Birthday"),
  ];
  const detail = "Import #0 (bench.csv)";
  for (let i = 0; i < N; i++) {
    const r = rowOf(i);
    const attributes = JSON.stringify({
      [vipId]: r.vip,
      [drinkId]: [r.drink],
      [birthdayId]: `${r.year}-${String(r.month).padStart(2, "0")}-${String(r.day).padStart(2, "0")}`,
    }).replaceAll('"', '""');
    const line = `${accountId},+1${r.area}${r.exchange}${r.line},209,${r.first},${r.last},${r.email},SPREADSHEET_IMPORT,import,${detail},now,"${attributes}"\n`;
    if (!copyOut.write(line)) await once(copyOut, "drain");
  }
  copyOut.end();
  await once(copyOut, "finish");
  await db.query("create table bench_copy (like subscribers including all)");
  await db.query("checkpoint");
  const loadBefore = load();
  const c0 = performance.now();
  await db.query(
    `copy bench_copy (account_id, phone, country_id, first_name, last_name, email, signup_method,
                      consent_source, consent_detail, marketing_consent_at, attributes)
       from '${copyPath}' (format csv)`,
  );
  const copySeconds = (performance.now() - c0) / 1000;
  await db.query("checkpoint");

  const cpu0 = serverCpu(server.pid);
  const t0 = performance.now();
  const form = new FormData();
  form.append("file", await openAsBlob(csvPath, { type: "text/csv" }), "bench.csv");
  const up = await (
    await fetch(`${base}/api/subscribers/imports`, { method: "POST", headers, body: form })
  ).json();
  const uploaded = performance.now();
  const start = await fetch(`${base}/api/subscribers/imports/${up.id}/start`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      mapping: [
        "number",
        "firstName",
        "lastName",
        "email",
        field("VIP"),
        field("Favorite Drink"),
        field("Birthday"),
      ],
      groupIds: groups.slice(0, 2).map((g) => g.id),
      attestation: true,
    }),
  });
  if (start.status !== 200) throw new Error(await start.text());
  let peak = 0;
  let state;
  for (;;) {
    peak = Math.max(peak, treeRssMb(server.pid));
    state = await (await fetch(`${base}/api/subscribers/imports/${up.id}`, { headers })).json();
    if (state.status === "finished" || state.status === "failed") break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - t0) / 1000;
  const loadAfter = load();
  const cpu1 = serverCpu(server.pid);

  // The import wrote what the COPY wrote (the country is the file's: every number is US here),
  // each subscriber in both groups with one consent line.
  const { rows: same } = await db.query(
    `select count(*)::int as n from bench_copy c join subscribers s
        on s.account_id = c.account_id and s.phone = c.phone
     where s.first_name = c.first_name and s.last_name = c.last_name and s.email = c.email
       and s.attributes = c.attributes and s.country_id = c.country_id
       and s.signup_method = c.signup_method and s.consent_source = c.consent_source
       and s.marketing_consent_at is not null`,
  );
  const { rows: joined } = await db.query(
    `select count(*)::int as n from group_members m join subscribers s on s.id = m.subscriber_id
       join bench_copy c on c.account_id = s.account_id and c.phone = s.phone
      where s.account_id = $1 and m.group_id = any($2::int[])`,
    [accountId, groups.slice(0, 2).map((g) => g.id)],
  );
  const { rows: consent } = await db.query(
    `select count(*)::int as n from consent_events
      where account_id = $1 and source = 'import' and detail like $2`,
    [accountId, `Import #${up.id} %`],
  );
  await db.query("drop table bench_copy");

  const goal = GOAL_RATIO * copySeconds;
  const met = state.status === "finished" && seconds <= goal;
  const checked = same[0].n === N && joined[0].n === 2 * N && consent[0].n === N;
  console.log(
    `\nImported ${N} rows (${state.status}: added ${state.added}, updated ${state.updated}, skipped ${state.skipped}, failed ${state.failed})`,
  );
  console.log(
    `  upload ${((uploaded - t0) / 1000).toFixed(1)} s, total ${seconds.toFixed(1)} s, ${Math.round(N / seconds)} rows/s, server RSS peak ${Math.round(peak)} MB, ${os.cpus().length} CPUs`,
  );
  console.log(
    `  server CPU during the import: Node ${(cpu1.node - cpu0.node).toFixed(1)} s, PostgreSQL ${(cpu1.postgres - cpu0.postgres).toFixed(1)} s`,
  );
  console.log(
    `  checked: ${same[0].n} rows as copied, ${joined[0].n} group memberships, ${consent[0].n} consent lines${checked ? "" : " (MISMATCH)"}`,
  );
  console.log(
    `  plain COPY of the same ${N} rows into a copy of subscribers: ${copySeconds.toFixed(1)} s`,
  );
  console.log(
    `  goal ≤ ${GOAL_RATIO}× COPY = ${goal.toFixed(1)} s; import ${seconds.toFixed(1)} s = ${(seconds / copySeconds).toFixed(2)}× COPY; ratio (goal over figure) ${(goal / seconds).toFixed(2)}: ${met ? "met" : "NOT MET"}`,
  );
  console.log(`  load (uptime 1/5/15 min): ${loadBefore} before the COPY, ${loadAfter} at the end`);
  if (!met || !checked) process.exitCode = 1;
} finally {
  await db?.end().catch(() => {});
  await parley.stop();
}
