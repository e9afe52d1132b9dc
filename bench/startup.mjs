#!/usr/bin/env node
// Time from `npm start` to the login page being served: once on an empty data folder (initdb,
// migrations, demo seed) and once more on the same data (a restart). Run: node bench/startup.mjs
import { makeDataDir, removeDataDir, spawnServer, stopProcess } from "./lib/server.mjs";

const port = 3900 + (process.pid % 50);
const dataDir = makeDataDir();

async function timeStart(label) {
  const started = performance.now();
  const child = spawnServer({ port, pgPort: port + 20000, dataDir, stdio: "ignore" });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/auth/login`);
      if (res.ok) break;
    } catch {}
    if (performance.now() - started > 120_000) throw new Error("no answer within 120 s");
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - started;
  console.log(`${label}: login page served after ${(ms / 1000).toFixed(2)} s`);
  await stopProcess(child, "SIGINT");
  return ms;
}

try {
  await timeStart("first start (empty data folder)");
  await timeStart("restart (same data)");
} finally {
  removeDataDir(dataDir);
}
