#!/usr/bin/env node
// `npm test`: every suite, in lanes that run side by side (the machine waits on PostgreSQL,
// timers and the browser more than it computes):
//   api lane:     unit, then the API tests several files at a time (vitest project `api`), then
//                 the database-version files once more on a second PostgreSQL when
//                 PARLEY_TEST_EXTRA_PG is set (project `api-pg`);
//   slow lane:    the resilience API files one at a time (project `api-slow`), then the fault
//                 harness (bench/faults.mjs 2000 10);
//   browser lane: the Playwright tests (e2e/), two servers with a browser worker each.
// Each suite's output is printed whole when it ends (lanes would interleave it), then a summary
// per suite and one last plain line "N passed, N failed" summing them all. A runner that crashes
// or reports nothing counts as failed, never as "0 failed". Exit code: 0 only when every suite
// passed. No retry is silent: with CI set, an API or browser test that fails runs once more (the
// timing tests on a loaded machine), and every test that passed only so is named in the summary.
// A test known to be flaky is named in .ci/quarantine.txt; it still runs and its outcome is
// printed, but its failure does not fail the run.
// PARLEY_TEST_SERIAL=1 runs the lanes one after the other with live output; PARLEY_API_WORKERS
// sets how many API files run at once (default 3).
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "package.json"));
const reportDir = mkdtempSync(path.join(os.tmpdir(), "parley-test-reports-"));
const serial = process.env.PARLEY_TEST_SERIAL === "1";
const apiWorkers = process.env.PARLEY_API_WORKERS || "3";
const runStarted = performance.now();
const seconds = (from) => Math.round((performance.now() - from) / 1000);

function binOf(pkg, name) {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const bin = JSON.parse(readFileSync(manifestPath, "utf8")).bin;
  return path.join(path.dirname(manifestPath), typeof bin === "string" ? bin : bin[name]);
}

/** Known flaky tests, "file > full test name" a line ("#" starts a comment). */
function readQuarantine() {
  const file = path.join(root, ".ci", "quarantine.txt");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean);
}
const quarantine = new Set(readQuarantine());

/**
 * Runs a node CLI; resolves with its exit code (or the spawn error). Its output goes to a file
 * that is printed when it ends, or straight through in serial mode.
 */
function run(name, script, args, env) {
  return new Promise((resolve) => {
    const logFile = path.join(reportDir, `${slug(name)}.log`);
    const log = serial ? undefined : createWriteStream(logFile);
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", serial ? "inherit" : "pipe", serial ? "inherit" : "pipe"],
    });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    const done = (result) => {
      if (!log) return resolve(result);
      log.end(() => {
        result.output = readFileSync(logFile, "utf8");
        resolve(result);
      });
    };
    child.on("error", (error) => done({ code: null, error }));
    child.on("close", (code, signal) => done({ code: code ?? null, signal }));
  });
}

const slug = (name) => name.replace(/[^a-z0-9]+/gi, "-");

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function banner(text) {
  console.log(`\n=== ${text} ${"=".repeat(Math.max(3, 72 - text.length))}`);
}

/** Splits failed test names into those that count and those in quarantine. */
function sortOut(tests) {
  const failures = [];
  const quarantined = [];
  for (const t of tests) {
    if (quarantine.has(t.id)) quarantined.push({ id: t.id, failed: t.failed });
    else if (t.failed) failures.push(t.id);
  }
  return { failures, quarantined };
}

/** Counts of one vitest run, from its JSON report (file-level errors count as failures). */
function vitestCounts(report) {
  const tests = [];
  const fileErrors = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name ?? "");
    const results = file.assertionResults ?? [];
    for (const a of results) {
      if (a.status !== "passed" && a.status !== "failed") continue;
      tests.push({ id: `${where} > ${a.fullName ?? a.title}`, failed: a.status === "failed" });
    }
    // A file that failed to load or whose hooks threw may have no failed test to show for it.
    if (file.status === "failed" && !results.some((a) => a.status === "failed"))
      fileErrors.push(`${where} (did not run, or a hook failed)`);
  }
  const { failures, quarantined } = sortOut(tests);
  failures.push(...fileErrors);
  const passed = tests.filter((t) => !t.failed && !quarantine.has(t.id)).length;
  let failed = failures.length;
  if (report.success === false && failed === 0 && quarantined.length === 0) failed = 1;
  return { passed, failed, failures, quarantined };
}

/** Every test of a Playwright report, with its title path and final outcome. */
function playwrightTests(suites, trail = []) {
  const out = [];
  for (const s of suites ?? []) {
    const here = s.title ? [...trail, s.title] : trail;
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === "skipped") continue;
        const id = [...here, spec.title].join(" > ");
        // "flaky": passed on a retry (only if someone turns retries on): passed, but named.
        out.push({
          id,
          failed: t.status !== "expected" && t.status !== "flaky",
          retried: t.status === "flaky",
        });
      }
    }
    out.push(...playwrightTests(s.suites, here));
  }
  return out;
}

/** Counts of one Playwright run, from its JSON report. */
function playwrightCounts(report) {
  const tests = playwrightTests(report.suites);
  const { failures, quarantined } = sortOut(tests);
  // Errors outside any test (config, global setup, web server that did not start).
  for (const e of report.errors ?? []) failures.push(`(outside any test) ${e.message ?? e}`);
  const passed = tests.filter((t) => !t.failed && !quarantine.has(t.id)).length;
  const retried = tests.filter((t) => t.retried).map((t) => t.id);
  return { passed, failed: failures.length, failures, quarantined, retried };
}

async function suite(name, script, args, env, reportFile, count) {
  const started = performance.now();
  if (serial) banner(name);
  else console.log(`--- ${name}: started (${seconds(runStarted)} s)`);
  rmSync(reportFile, { force: true });
  const result = await run(name, script, args, env);
  const report = readJson(reportFile);
  let counts;
  let note = "";
  if (result.error) {
    counts = { passed: 0, failed: 1 };
    note = `could not start: ${result.error.message}`;
  } else if (!report) {
    counts = { passed: 0, failed: 1 };
    note = `crashed (exit ${result.code ?? result.signal}) without a report`;
  } else {
    counts = count(report);
    // Quarantined failures make the runner exit non-zero; only they may.
    if (result.code !== 0 && counts.failed === 0 && !counts.quarantined.some((q) => q.failed)) {
      counts.failed = 1;
      note = `exited with ${result.code ?? result.signal} although no test failed`;
    }
  }
  const time = seconds(started);
  if (!serial) {
    banner(`${name} (${time} s)`);
    process.stdout.write(result.output ?? "");
  }
  if (note) console.log(`\n${name}: ${note}`);
  return {
    failures: [],
    quarantined: [],
    retried: [],
    ...counts,
    name,
    time,
    ok: counts.failed === 0,
    note,
  };
}

async function vitestSuite(name, project, env = {}, extraArgs = []) {
  const reportFile = path.join(reportDir, `${slug(name)}.json`);
  const retriedFile = path.join(reportDir, `${slug(name)}.retried`);
  const args = [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--reporter=${path.join(root, "scripts", "vitest-retried-reporter.mjs")}`,
    `--outputFile.json=${reportFile}`,
    ...extraArgs,
  ];
  const result = await suite(
    name,
    binOf("vitest", "vitest"),
    args,
    { ...env, PARLEY_RETRIED_FILE: retriedFile },
    reportFile,
    vitestCounts,
  );
  if (existsSync(retriedFile)) {
    const lines = readFileSync(retriedFile, "utf8").split("\n").filter(Boolean);
    result.retried.push(...lines.map((line) => JSON.parse(line).id));
  }
  return result;
}

function playwrightSuite(name) {
  const reportFile = path.join(reportDir, `${slug(name)}.json`);
  // Two servers, each with a worker of its own (playwright.config.ts): one per core.
  const env = {
    PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
    PARLEY_E2E_SERVERS: process.env.PARLEY_E2E_SERVERS ?? "2",
  };
  return suite(
    name,
    binOf("@playwright/test", "playwright"),
    ["test", "--reporter=list,json"],
    env,
    reportFile,
    playwrightCounts,
  );
}

/** A script that is one test: it passes when it exits with 0 (the fault harness). */
async function scriptSuite(name, script, args) {
  const started = performance.now();
  if (serial) banner(name);
  else console.log(`--- ${name}: started (${seconds(runStarted)} s)`);
  const result = await run(name, script, args, {});
  const ok = result.code === 0;
  const time = seconds(started);
  if (!serial) {
    banner(`${name} (${time} s)`);
    process.stdout.write(result.output ?? "");
  }
  if (!ok) console.log(`\n${name}: exited with ${result.code ?? result.signal ?? result.error}`);
  return {
    name,
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    ok,
    time,
    note: "",
    failures: ok ? [] : [name],
    quarantined: [],
    retried: [],
  };
}

const skipped = [];

async function apiLane() {
  const out = [await vitestSuite("unit", "unit")];
  out.push(await vitestSuite("api", "api", {}, [`--maxWorkers=${apiWorkers}`]));
  const extra = process.env.PARLEY_TEST_EXTRA_PG;
  if (extra) {
    out.push(
      await vitestSuite("api on PARLEY_TEST_EXTRA_PG (database-version files)", "api-pg", {
        TEST_DATABASE_URL: extra,
      }),
    );
  }
  return out;
}

async function slowLane() {
  // Timing and crash tests: one file at a time, so they keep a core's share of the machine (two at
  // a time, the dispatcher's timing file missed its deadlines beside a crash file).
  const out = [await vitestSuite("api-slow", "api-slow", {}, ["--maxWorkers=1"])];
  // The fault harness, small: 2,000 recipients while workers are killed every 10 s, PostgreSQL
  // restarts twice and the carrier fails (bench/faults.mjs runs the full 100,000).
  out.push(await scriptSuite("faults", path.join(root, "bench", "faults.mjs"), ["2000", "10"]));
  return out;
}

async function browserLane() {
  if (process.env.SKIP_E2E === "1") {
    skipped.push("e2e: skipped (SKIP_E2E=1)");
    return [];
  }
  if (!existsSync(path.join(root, "playwright.config.ts"))) {
    skipped.push("e2e: skipped (no playwright.config.ts yet)");
    return [];
  }
  return [await playwrightSuite("e2e")];
}

banner("quarantine (.ci/quarantine.txt: known flaky tests, run but not counted)");
console.log(quarantine.size ? [...quarantine].map((q) => `  ${q}`).join("\n") : "  (empty)");

const results = [];
try {
  const lanes = [browserLane, apiLane, slowLane];
  if (serial) {
    for (const lane of [apiLane, slowLane, browserLane]) results.push(...(await lane()));
  } else {
    for (const lane of await Promise.all(lanes.map((lane) => lane()))) results.push(...lane);
  }
} finally {
  rmSync(reportDir, { recursive: true, force: true });
}

banner(`summary (${seconds(runStarted)} s)`);
const width = Math.max(...results.map((r) => r.name.length), 5);
for (const r of results) {
  const status = r.ok ? "ok" : "FAILED";
  console.log(
    `  ${r.name.padEnd(width)}  ${String(r.passed).padStart(5)} ok  ${String(r.failed).padStart(5)} failing  ${String(r.time).padStart(5)} s  ${status}`,
  );
}
for (const line of skipped) console.log(`  ${line}`);
for (const r of results) {
  for (const q of r.quarantined)
    console.log(`  quarantined, ${q.failed ? "failed" : "passed"}: ${r.name}: ${q.id}`);
  for (const t of r.retried) console.log(`  passed only on retry in ${r.name}: ${t}`);
}
// The failed tests by name, next to the totals: a CI log is often read from its end.
for (const r of results) {
  for (const f of r.failures.slice(0, 20)) console.log(`  failed in ${r.name}: ${f}`);
}

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const allOk = results.every((r) => r.ok) && failed === 0;
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = allOk ? 0 : 1;
