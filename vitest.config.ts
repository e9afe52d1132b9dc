import { defineConfig } from "vitest/config";

// Two suites: `unit` (pure code, no I/O) and `api` (the real server against a real PostgreSQL,
// one fresh database per test file cloned from a migrated template; see src/server/test).
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
        },
      },
      {
        test: {
          name: "api",
          root: ".",
          environment: "node",
          include: ["src/**/*.api.test.ts"],
          exclude: ["**/node_modules/**"],
          globalSetup: ["src/server/test/global-setup.ts"],
          // argon2 hashing and database creation are slow on a busy CI machine.
          testTimeout: 20_000,
          // As the browser suite: in CI a test that fails is run once more (a timing test on a
          // loaded machine); one that fails twice fails the run.
          retry: process.env.CI ? 1 : 0,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
