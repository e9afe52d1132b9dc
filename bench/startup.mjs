#!/usr/bin/env node
// Time from `npm start` to the login page being served: once on an empty data folder (initdb,
// migrations, demo seed) and once more on the same data (a restart). Run: node bench/startup.mjs
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const port = 3900 + (process.pid % 50);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "parley-bench-"));
chmodSync(dataDir, 0o755);

async function timeStart(label) {
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 20000),
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
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
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGINT");
  await exited;
  return ms;
}

try {
  await timeStart("first start (empty data folder)");
  await timeStart("restart (same data)");
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
