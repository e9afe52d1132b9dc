#!/usr/bin/env node
// `npm run admin -- <command>`: operator commands (migrate, reset-password, create-account,
// backup, restore) on the server's database. See `npm run admin -- --help`.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, serverBuildIsStale, serverDist } from "./build-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (!existsSync(path.join(root, "node_modules", "esbuild"))) {
  console.error("Dependencies are missing: run `npm ci` first.");
  process.exit(1);
}
// Like `npm start`, run from the package folder so DATA_DIR=./data is the server's; a backup path
// is taken from where the command was typed (INIT_CWD, which npm sets to it).
const typedIn = process.env.INIT_CWD || process.cwd();
process.chdir(root);
// The compiled admin module (scripts/build-server.mjs), compiled first when the sources changed.
if (serverBuildIsStale()) await buildServer();
const child = spawn(
  process.execPath,
  ["--enable-source-maps", path.join(serverDist, "admin.js"), ...process.argv.slice(2)],
  { stdio: "inherit", env: { NODE_ENV: "production", ...process.env, INIT_CWD: typedIn } },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
