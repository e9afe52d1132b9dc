#!/usr/bin/env node
// `npm start`: build the web app and compile the server (scripts/build-server.mjs) when their
// sources changed since the last build, then run the compiled server with plain node (web +
// workers + embedded PostgreSQL unless DATABASE_URL is set). Arguments pass through (e.g.
// `npm start -- --role=web`). An install that ran `npm run build` starts without building.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, serverBuildIsStale, serverDist } from "./build-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

if (!existsSync(path.join(root, "node_modules", "esbuild"))) {
  console.error("Dependencies are missing: run `npm ci` first (or `npm ci && npm start`).");
  process.exit(1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

// WEB_DIST (default dist/web) is where the build goes and what the server serves, so several
// checkouts' servers (or test runs) can build side by side without overwriting each other.
const webDist = path.resolve(root, process.env.WEB_DIST || path.join("dist", "web"));
const builtIndex = path.join(webDist, "index.html");
const sources = Math.max(
  newestMtime(path.join(root, "src", "web")),
  newestMtime(path.join(root, "src", "domain")),
  statSync(path.join(root, "package-lock.json")).mtimeMs,
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sources) {
  console.log("Building the web app…");
  const build = spawnSync(
    path.join(root, "node_modules", ".bin", "vite"),
    ["build", "--logLevel", "warn", "--outDir", webDist],
    {
      stdio: "inherit",
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (serverBuildIsStale()) {
  console.log("Compiling the server…");
  await buildServer();
}

const server = spawn(
  process.execPath,
  ["--enable-source-maps", path.join(serverDist, "main.js"), ...process.argv.slice(2)],
  { stdio: "inherit", env: { NODE_ENV: "production", ...process.env, WEB_DIST: webDist } },
);
// Ctrl+C reaches the server directly (same process group); we only wait for it to finish.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
