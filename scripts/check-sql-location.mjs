// The "SQL lives in queries files" check of `npm run lint` (docs/ARCHITECTURE.md, "Feature
// boundaries"): in a server feature, only `*.queries.ts` talks to the database. A service
// coordinates (it may open a transaction with `inTransaction` / `ctx.db.transaction` and hand the
// transaction to queries functions) but builds no SQL. Counted as a database call in any other
// feature file: a value import from drizzle-orm (its query builders and `sql`) and each call of
// query/execute/select/insert/update/delete on a database handle (`db`, `tx`, `client`,
// `ctx.db`, `$client`).
// Files that did so before the rule are listed with their count in
// .sql-outside-queries-known.json, which may only shrink: a new file or a higher count fails, and
// a lower count fails until the list is updated (`npm run lint:boundaries -- --prune`).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const ROOT = join(dirname(new URL(import.meta.url).pathname), "..");
const FEATURES = join(ROOT, "src", "server", "features");
const KNOWN = ".sql-outside-queries-known.json";
const prune = process.argv.includes("--prune");

const EXEMPT = /(\.test\.ts|\.queries\.ts|\.schema\.ts|\.public\.ts)$/;
const DRIZZLE_VALUE_IMPORT = /^import\s+(?!type\b)[^;]*?from\s+"drizzle-orm(?:\/[^"]*)?";/gms;
// `db.query<Row>(` and `ctx.db.$client.query(` count too (a type argument, a `$` with no word
// boundary before it).
const DB_CALL =
  /(?:\b(?:db|tx|trx|client)|\$client)\.(?:query|execute|select|selectDistinct|insert|update|delete)\s*[<(]/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith(".ts") && !EXEMPT.test(entry.name)) yield path;
  }
}

/** Database calls per feature file outside queries files, today. */
function count() {
  const found = {};
  for (const path of files(FEATURES)) {
    const text = readFileSync(path, "utf8");
    const calls =
      (text.match(DRIZZLE_VALUE_IMPORT) ?? []).length + (text.match(DB_CALL) ?? []).length;
    if (calls > 0) found[relative(ROOT, path)] = calls;
  }
  return found;
}

const known = JSON.parse(readFileSync(join(ROOT, KNOWN), "utf8"));
const now = count();

if (prune) {
  const kept = {};
  for (const [file, calls] of Object.entries(known).sort(([a], [b]) => a.localeCompare(b))) {
    if (now[file]) kept[file] = Math.min(calls, now[file]);
  }
  writeFileSync(join(ROOT, KNOWN), `${JSON.stringify(kept, null, 2)}\n`);
  const total = Object.values(kept).reduce((a, b) => a + b, 0);
  console.log(`${KNOWN}: ${Object.keys(kept).length} files, ${total} calls left.`);
  process.exit(0);
}

const grown = [];
const shrunk = [];
for (const [file, calls] of Object.entries(now)) {
  const allowed = known[file] ?? 0;
  if (calls > allowed) grown.push(`  ${file}: ${calls} database call(s), ${allowed} allowed`);
}
for (const [file, calls] of Object.entries(known)) {
  if ((now[file] ?? 0) < calls) shrunk.push(`  ${file}: ${now[file] ?? 0} (listed: ${calls})`);
}
if (grown.length > 0) {
  console.error(
    `SQL outside queries files: these feature files talk to the database themselves.\n${grown.join("\n")}\n` +
      "Put the statement in the feature's *.queries.ts and call it from there (a service may open " +
      "the transaction and pass it down). See docs/ARCHITECTURE.md, 'Feature boundaries'.",
  );
}
if (shrunk.length > 0) {
  console.error(
    `SQL outside queries files: fewer calls than ${KNOWN} lists (good): lower the list ` +
      `(\`npm run lint:boundaries -- --prune\`).\n${shrunk.join("\n")}`,
  );
}
if (grown.length > 0 || shrunk.length > 0) process.exit(1);
const total = Object.values(known).reduce((a, b) => a + b, 0);
console.log(
  `SQL outside queries files: none new (${Object.keys(known).length} older files, ${total} calls, allow-listed).`,
);
