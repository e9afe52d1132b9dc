#!/usr/bin/env node
// Compiles the server ahead of time: src/server/main.ts (the web, worker and scheduler roles) and
// src/server/ops/admin.ts (`npm run admin`) become two ES modules in dist/server, with source
// maps, so production runs plain `node` with no TypeScript compiler loaded. Packages stay in
// node_modules (imported, not bundled; one exception below); files the server reads at run time (migrations, the embed
// scripts) are found from the project root (src/server/project-root.ts).
// `npm run build` runs it; `npm start` and `npm run admin` run it when the sources are newer than
// the bundle. SERVER_DIST (default dist/server) sets where it goes.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const serverDist = path.resolve(
  root,
  process.env.SERVER_DIST || path.join("dist", "server"),
);
export const ENTRIES = { main: "src/server/main.ts", admin: "src/server/ops/admin.ts" };

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when a bundle is missing or older than the server's sources or the lock file. */
export function serverBuildIsStale() {
  const built = Object.keys(ENTRIES).map((name) => path.join(serverDist, `${name}.js`));
  if (!built.every(existsSync)) return true;
  const oldest = Math.min(...built.map((file) => statSync(file).mtimeMs));
  const sources = Math.max(
    newestMtime(path.join(root, "src", "server")),
    newestMtime(path.join(root, "src", "domain")),
    statSync(path.join(root, "package-lock.json")).mtimeMs,
  );
  return oldest < sources;
}

/**
 * Every package stays external but these: rrule's ES module build uses extensionless relative
 * imports, which Node's loader refuses (its CommonJS build prints a warning on every start), so it
 * is bundled.
 */
const BUNDLED = new Set(["rrule"]);
function externals() {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  return names.filter((name) => !BUNDLED.has(name)).flatMap((name) => [name, `${name}/*`]);
}

export async function buildServer() {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: serverDist,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: externals(),
    sourcemap: "linked",
    // Names survive for stack traces and pino's error types.
    keepNames: true,
    logLevel: "warning",
    write: false,
  });
  // Each file lands whole (written aside, then renamed): two servers starting at once (the browser
  // tests) may both compile, and neither reads the other's half-written file.
  mkdirSync(serverDist, { recursive: true });
  for (const file of result.outputFiles) {
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(
    `Server compiled to ${path.relative(root, serverDist)} in ${Math.round(performance.now() - started)} ms`,
  );
}
