#!/usr/bin/env node
// `npm test`: every suite in turn (unit, API, API again on a second PostgreSQL if
// PARLEY_TEST_EXTRA_PG is set, browser), each with its own human-readable output, then one last
// plain line "N passed, N failed" summing them all. A runner that crashes or reports nothing
// counts as failed, never as "0 failed". Exit code: 0 only when every suite passed.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "package.json"));
const reportDir = mkdtempSync(path.join(os.tmpdir(), "parley-test-reports-"));

function binOf(pkg, name) {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const bin = JSON.parse(readFileSync(manifestPath, "utf8")).bin;
  return path.join(path.dirname(manifestPath), typeof bin === "string" ? bin : bin[name]);
}

/** Runs a node CLI with inherited output; resolves with its exit code (or the spawn error). */
function run(script, args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", (error) => resolve({ code: null, error }));
    child.on("close", (code, signal) => resolve({ code: code ?? null, signal }));
  });
}

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

/** Counts of one vitest run, from its JSON report (file-level errors count as failures). */
function vitestCounts(report) {
  let passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === "failed").length;
    // A file that failed to load or whose hooks threw may have no failed test to show for it.
    if (file.status === "failed" && failedTests === 0) failed += 1;
  }
  if (report.success === false && failed === 0) failed = 1;
  if (!Number.isFinite(passed)) passed = 0;
  const failures = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name ?? "");
    const names = (file.assertionResults ?? [])
      .filter((a) => a.status === "failed")
      .map((a) => `${where} > ${a.fullName ?? a.title}`);
    failures.push(
      ...(names.length || file.status !== "failed" ? names : [`${where} (did not run)`]),
    );
  }
  return { passed, failed, failures };
}

/** Titles of a Playwright report's tests that failed even after their retries. */
function playwrightFailures(suites, trail = []) {
  const out = [];
  for (const s of suites ?? []) {
    const here = s.title ? [...trail, s.title] : trail;
    for (const spec of s.specs ?? []) {
      if ((spec.tests ?? []).some((t) => t.status === "unexpected"))
        out.push([...here, spec.title].join(" > "));
    }
    out.push(...playwrightFailures(s.suites, here));
  }
  return out;
}

/** Counts of one Playwright run, from its JSON report (flaky = passed on retry). */
function playwrightCounts(report) {
  const stats = report.stats ?? {};
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  let failed = stats.unexpected ?? 0;
  // Errors outside any test (config, global setup, web server that did not start).
  if (failed === 0 && (report.errors ?? []).length > 0) failed = report.errors.length;
  return { passed, failed, flaky: stats.flaky ?? 0, failures: playwrightFailures(report.suites) };
}

async function suite(name, script, args, env, reportFile, count) {
  banner(name);
  rmSync(reportFile, { force: true });
  const result = await run(script, args, env);
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
    if (result.code !== 0 && counts.failed === 0) {
      counts.failed = 1;
      note = `exited with ${result.code ?? result.signal} although no test failed`;
    }
    if (counts.flaky)
      note = [note, `${counts.flaky} flaky (passed on retry)`].filter(Boolean).join("; ");
  }
  if (note) console.log(`\n${name}: ${note}`);
  return { failures: [], ...counts, name, ok: counts.failed === 0 && result.code === 0, note };
}

function vitestSuite(name, project, env = {}) {
  const reportFile = path.join(reportDir, `${name.replace(/[^a-z0-9]+/gi, "-")}.json`);
  const args = [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reportFile}`,
  ];
  return suite(name, binOf("vitest", "vitest"), args, env, reportFile, vitestCounts);
}

function playwrightSuite(name) {
  const reportFile = path.join(reportDir, `${name.replace(/[^a-z0-9]+/gi, "-")}.json`);
  const env = { PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile };
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
  banner(name);
  const result = await run(script, args, {});
  const ok = result.code === 0;
  if (!ok) console.log(`\n${name}: exited with ${result.code ?? result.signal ?? result.error}`);
  return { name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, ok, note: "", failures: [] };
}

const results = [];
const skipped = [];
try {
  results.push(await vitestSuite("unit", "unit"));
  results.push(await vitestSuite("api", "api"));
  const extra = process.env.PARLEY_TEST_EXTRA_PG;
  if (extra) {
    results.push(
      await vitestSuite("api (PARLEY_TEST_EXTRA_PG)", "api", { TEST_DATABASE_URL: extra }),
    );
  }
  // The fault harness, small: 2,000 recipients while workers are killed every 10 s, PostgreSQL
  // restarts twice and the carrier fails (bench/faults.mjs runs the full 100,000).
  results.push(await scriptSuite("faults", path.join(root, "bench", "faults.mjs"), ["2000", "10"]));
  if (process.env.SKIP_E2E === "1") {
    skipped.push("e2e: skipped (SKIP_E2E=1)");
  } else if (!existsSync(path.join(root, "playwright.config.ts"))) {
    skipped.push("e2e: skipped (no playwright.config.ts yet)");
  } else {
    results.push(await playwrightSuite("e2e"));
  }
} finally {
  rmSync(reportDir, { recursive: true, force: true });
}

banner("summary");
const width = Math.max(...results.map((r) => r.name.length), 5);
for (const r of results) {
  const status = r.ok ? "ok" : "FAILED";
  console.log(
    `  ${r.name.padEnd(width)}  ${String(r.passed).padStart(5)} ok  ${String(r.failed).padStart(5)} failing  ${status}`,
  );
}
for (const line of skipped) console.log(`  ${line}`);
// The failed tests by name, next to the totals: a CI log is often read from its end.
for (const r of results) {
  for (const f of r.failures.slice(0, 20)) console.log(`  failed in ${r.name}: ${f}`);
}

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const allOk = results.every((r) => r.ok) && failed === 0;
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = allOk ? 0 : 1;
