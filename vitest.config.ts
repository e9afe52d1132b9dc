import { defineConfig } from "vitest/config";

// `unit` (pure code, no I/O) and the API tests (the real server against a real PostgreSQL, one
// fresh database per test file cloned from a migrated template; see src/server/test), which
// `npm test` (scripts/test.mjs) runs as lanes side by side:
// - `api`: every API test file but the slow ones, several files at a time;
// - `api-slow`: the resilience files (worker crashes, carrier faults, the fuzzer, the dispatcher's
//   timing), one at a time: they are long, spawn processes and measure time;
// - `api-pg`: the files whose outcome depends on the PostgreSQL version, run once more on a
//   second server (TEST_DATABASE_URL) by scripts/test.mjs.
// `vitest run --project api --project api-slow` is the whole API suite.

/** The slow resilience files (a pattern, so that a new crash or fuzz file joins them). */
const SLOW_API_TESTS = [
  "src/**/*crash*.api.test.ts",
  "src/**/*fuzz*.api.test.ts",
  "src/**/*-resume.api.test.ts",
  "src/server/features/outbound/outbound.api.test.ts",
  "src/server/features/outbound/carrier-faults.api.test.ts",
];

/**
 * The files that depend on the database version: migrations and the connection, row-level
 * security (tenant scope and wall), partitions, the report rollups, backup and restore.
 */
const DB_VERSION_API_TESTS = [
  "src/server/db/**/*.api.test.ts",
  "src/**/tenant-*.api.test.ts",
  "src/**/*partition*.api.test.ts",
  "src/**/*rollup*.api.test.ts",
  "src/server/features/reports/reports.api.test.ts",
  "src/server/ops/backup.api.test.ts",
];

const apiBase = {
  root: ".",
  environment: "node" as const,
  exclude: ["**/node_modules/**"],
  globalSetup: ["src/server/test/global-setup.ts"],
  // One worker process runs many files: Node's modules (fastify, the xlsx reader...) load once per
  // process instead of once per file (about half the CPU of the suite's start-up), and this setup
  // file gives each file fresh modules of our own code, so no state of one file reaches the next.
  // PARLEY_API_ISOLATE=1 gives each file a process of its own again (to rule this out).
  isolate: process.env.PARLEY_API_ISOLATE === "1",
  setupFiles: ["src/server/test/fresh-modules.ts"],
  // argon2 hashing and database creation are slow on a busy CI machine.
  testTimeout: 20_000,
  hookTimeout: 60_000,
  // In CI a test that fails runs once more (the dispatcher's timing tests on a loaded machine);
  // scripts/test.mjs names every test that passed only so. A known flaky test is named in
  // .ci/quarantine.txt instead (printed with its outcome, its failure not counted).
  retry: process.env.CI ? 1 : 0,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          root: ".",
          environment: "node",
          include: ["src/**/*.test.ts"],
          exclude: ["src/**/*.api.test.ts", "**/node_modules/**"],
          // Property tests compute for seconds; beside the other lanes on 2 cores they take longer.
          testTimeout: 15_000,
          // Pure code shares one module graph per worker: importing it again for each of ~100
          // files was four fifths of this project's time (47 s isolated, 11 s shared, measured
          // 2026-11-29; every file passes in shuffled order too).
          isolate: false,
        },
      },
      {
        test: {
          ...apiBase,
          name: "api",
          include: ["src/**/*.api.test.ts"],
          exclude: [...apiBase.exclude, ...SLOW_API_TESTS],
        },
      },
      { test: { ...apiBase, name: "api-slow", include: SLOW_API_TESTS } },
      { test: { ...apiBase, name: "api-pg", include: DB_VERSION_API_TESTS } },
    ],
  },
});
