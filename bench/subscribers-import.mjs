#!/usr/bin/env node
// Generates a CSV of N subscribers (phone, names, e-mail and 3 attributes), imports it into the
// demo account of a production Parley server through the API (upload, mapping with 2 groups, the
// pg-boss job), and reports the time to finish, rows per second and the server's peak memory.
// Run: node bench/subscribers-import.mjs [rows=1000000]
import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  chmodSync,
  createWriteStream,
  mkdtempSync,
  openAsBlob,
  readFileSync,
  rmSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

const N = Number(process.argv[2] ?? 1_000_000);
const port = 4030 + (process.pid % 40);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "parley-bench-"));
chmodSync(dataDir, 0o755);

const server = spawn(process.execPath, ["scripts/start.mjs"], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(port + 20_000),
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

/** Resident memory of the server process tree's node processes, in MB. */
function serverRssMb() {
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
    let mb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    for (const child of readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, "utf8")
      .trim()
      .split(/\s+/)) {
      if (!child) continue;
      const s = readFileSync(`/proc/${child}/status`, "utf8");
      if (/Name:\s+node/.test(s)) mb += Number(/VmRSS:\s+(\d+)/.exec(s)?.[1] ?? 0) / 1024;
    }
    return mb;
  } catch {
    return 0;
  }
}

try {
  const csvPath = path.join(dataDir, "bench.csv");
  const out = createWriteStream(csvPath);
  out.write("Phone,First Name,Last Name,Email,VIP,Favorite Drink,Birthday\n");
  const AREA = ["212", "310", "415", "617", "512", "206"];
  const drinks = ["Latte", "Cappuccino", "Cold Brew", "Mocha", "Chai Tea", "Espresso"];
  for (let i = 0; i < N; i++) {
    // Unique valid numbers: an area code, an exchange of 200-999 and a 4-digit line.
    const phone = `(${AREA[Math.floor(i / 8_000_000) % AREA.length]}) ${200 + (Math.floor(i / 10_000) % 800)}-${String(i % 10_000).padStart(4, "0")}`;
    const birthday = `${1 + (i % 12)}/${1 + (i % 28)}/19${60 + (i % 40)}`;
    const line = `${phone},First${i % 500},Last${i % 977},p${i}@example.com,${i % 5 === 0},${drinks[i % 6]},${birthday}\n`;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");

  await waitForServer();
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-parley-csrf": "1" },
    body: JSON.stringify({ username: "demo", password: "demo1234" }),
  });
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const headers = { cookie, "x-parley-csrf": "1" };
  const json = { ...headers, "content-type": "application/json" };
  const fields = (await (await fetch(`${base}/api/custom-fields`, { headers })).json()).rows;
  const groups = (
    await (await fetch(`${base}/api/groups?includeAdaptive=false`, { headers })).json()
  ).rows;
  const field = (name) => `attribute:${fields.find((f) => f.name === name).id}`;

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
    peak = Math.max(peak, serverRssMb());
    state = await (await fetch(`${base}/api/subscribers/imports/${up.id}`, { headers })).json();
    if (state.status === "finished" || state.status === "failed") break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `\nImported ${N} rows (${state.status}: added ${state.added}, updated ${state.updated}, skipped ${state.skipped}, failed ${state.failed})`,
  );
  console.log(
    `  upload ${((uploaded - t0) / 1000).toFixed(1)} s, total ${seconds.toFixed(1)} s, ${Math.round(N / seconds)} rows/s, server RSS peak ${Math.round(peak)} MB, ${os.cpus().length} CPUs`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
