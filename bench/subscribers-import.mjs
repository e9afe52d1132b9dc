#!/usr/bin/env node
// Generates a CSV of N subscribers (phone, names, e-mail and 3 attributes), imports it into the
// demo account of a production Parley server through the API (upload, mapping with 2 groups, the
// pg-boss job), and reports the time to finish, rows per second and the server's peak memory.
// Run: node bench/subscribers-import.mjs [rows=1000000]
import { once } from "node:events";
import { createWriteStream, openAsBlob } from "node:fs";
import os from "node:os";
import path from "node:path";
import { logInAsDemo, startServer, treeRssMb } from "./lib/server.mjs";

const N = Number(process.argv[2] ?? 1_000_000);
const parley = startServer({ firstPort: 4030, env: { SEED_DEMO: "true" } });
const { base, dataDir, server } = parley;

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

  await parley.ready();
  const cookie = await logInAsDemo(base);
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
    peak = Math.max(peak, treeRssMb(server.pid));
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
  await parley.stop();
}
