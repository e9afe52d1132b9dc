import { chmodSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// One production server for the whole run, with its own fresh embedded PostgreSQL cluster in the
// system temp folder. Set in process.env so Playwright's worker processes see the same values.
process.env.PARLEY_E2E_PORT ??= String(3100 + (process.pid % 400));
if (!process.env.PARLEY_E2E_DATA) {
  process.env.PARLEY_E2E_DATA = mkdtempSync(path.join(os.tmpdir(), "parley-e2e-"));
  // mkdtemp makes the folder private; the embedded server's "postgres" user must enter it.
  chmodSync(process.env.PARLEY_E2E_DATA, 0o755);
}
const port = Number(process.env.PARLEY_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.PARLEY_E2E_DATA,
      EMBEDDED_PG_PORT: String(port + 20_000),
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT: "1000",
      // The frame-mode test embeds the app in a page of its own origin.
      FRAME_ANCESTORS: baseURL,
    },
  },
});
