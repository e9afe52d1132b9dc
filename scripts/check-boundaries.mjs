// The feature-boundary check of `npm run lint` (rules in .dependency-cruiser.cjs):
//  1. dependency-cruiser with --ignore-known fails on any violation that is not in the allow-list
//     .dependency-cruiser-known-violations.json, printing the rule's explanation;
//  2. the allow-list may only shrink: an entry that no longer violates fails the check until it is
//     removed (`npm run lint:boundaries -- --prune` removes such entries; it never adds one);
//  3. scripts/check-sql-location.mjs: database calls only in a feature's *.queries.ts.
// New violations are never added to the allow-list: call the other feature's service instead.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const ROOT = join(dirname(new URL(import.meta.url).pathname), "..");
const CONFIG = ".dependency-cruiser.cjs";
const KNOWN = ".dependency-cruiser-known-violations.json";
const ENTRY = "src/server";
const prune = process.argv.includes("--prune");

const depcruise = join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");

function run(args, inherit) {
  const result = spawnSync(process.execPath, [depcruise, ENTRY, "--config", CONFIG, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: inherit ? "inherit" : ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return result;
}

const key = (v) => `${v.rule.name}  ${v.from} → ${v.to}`;
const order = (a, b) => key(a).localeCompare(key(b));
const compact = (v) => ({
  type: v.type,
  from: v.from,
  to: v.to,
  rule: { severity: v.rule.severity, name: v.rule.name },
});

const known = JSON.parse(readFileSync(join(ROOT, KNOWN), "utf8"));

// Every violation there is today, allow-listed or not.
const current = JSON.parse(run(["--output-type", "baseline", "--output-to", "-"], false).stdout);
const currentKeys = new Set(current.map(key));
const stale = known.filter((v) => !currentKeys.has(key(v)));

if (prune) {
  spawnSync(process.execPath, [join(ROOT, "scripts", "check-sql-location.mjs"), "--prune"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  const kept = [...new Map(known.map((v) => [key(v), v])).values()]
    .filter((v) => currentKeys.has(key(v)))
    .map(compact)
    .sort(order);
  writeFileSync(join(ROOT, KNOWN), `${JSON.stringify(kept, null, 2)}\n`);
  console.log(
    `${KNOWN}: removed ${stale.length} entries that no longer violate; ${kept.length} left.`,
  );
  process.exit(0);
}

// 1. New violations: dependency-cruiser's own report, with each rule's explanation.
const check = run(["--ignore-known", KNOWN, "--output-type", "err-long"], true);
let failed = check.status !== 0;
if (failed) {
  console.error(
    `\nFeature boundaries: the import(s) above are new. Call the other feature's service instead; ` +
      `do not add them to ${KNOWN} (it only shrinks).`,
  );
}

// 2. Stale entries: the allow-list only shrinks.
const seen = new Set();
const duplicates = known.filter((v) => {
  if (seen.has(key(v))) return true;
  seen.add(key(v));
  return false;
});
if (stale.length > 0 || duplicates.length > 0) {
  failed = true;
  console.error(
    `\nFeature boundaries: these entries of ${KNOWN} are stale (they no longer violate a ` +
      "rule, or are listed twice). The allow-list only shrinks: remove them " +
      "(`npm run lint:boundaries -- --prune`).",
  );
  for (const v of [...stale, ...duplicates]) console.error(`  ${key(v)}`);
}

if (!failed) {
  const byRule = {};
  for (const v of known) byRule[v.rule.name] = (byRule[v.rule.name] ?? 0) + 1;
  const counts = Object.entries(byRule)
    .map(([rule, n]) => `${rule} ${n}`)
    .join(", ");
  console.log(`Feature boundaries: no new violations; ${known.length} allow-listed (${counts}).`);
}
// 3. SQL only in queries files (its own allow-list, which also only shrinks).
const sql = spawnSync(
  process.execPath,
  [join(ROOT, "scripts", "check-sql-location.mjs"), ...(prune ? ["--prune"] : [])],
  { cwd: ROOT, stdio: "inherit" },
);
if (sql.status !== 0) failed = true;
process.exit(failed ? 1 : 0);
