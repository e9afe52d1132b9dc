#!/usr/bin/env node
// The browser tests' server: `npm start` on a fresh embedded PostgreSQL cluster in the system
// temp folder, removed again when Playwright stops the server.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "parley-e2e-"));
// mkdtemp makes the folder private; the embedded server's "postgres" user must enter it.
chmodSync(dataDir, 0o755);

const server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
