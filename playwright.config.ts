import { defineConfig, devices } from "@playwright/test";

// One production server for the whole run, with its own fresh embedded PostgreSQL cluster
// (scripts/e2e-server.mjs). The port is set in process.env so worker processes agree on it.
process.env.PARLEY_E2E_PORT ??= String(3100 + (process.pid % 400));
const port = Number(process.env.PARLEY_E2E_PORT);
// The test OpenID provider of e2e/auth-oauth.spec.ts ('Continue With Google'); its workers read it.
process.env.PARLEY_E2E_OIDC_PORT ??= String(port + 21_000);
// The Zoom / GoTo stand-in of e2e/webinars-connect.spec.ts; its workers read it.
process.env.PARLEY_E2E_WEBINAR_PORT ??= String(port + 22_000);
const webinarServices = `http://127.0.0.1:${process.env.PARLEY_E2E_WEBINAR_PORT}`;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  // In CI a failed test runs once more; scripts/test.mjs names every test that passed only so.
  // A known flaky test is named in .ci/quarantine.txt instead.
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
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      EMBEDDED_PG_PORT: String(port + 20_000),
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT: "1000",
      LOGIN_ACCOUNT_FAILURES: "1000",
      // The demo owner's password must pass the strength check: the reset journey sets it again.
      DEMO_PASSWORD: "espresso-parley-2026",
      // Journeys run at any hour: the law's sending hours would hold their campaigns at night
      // (the API tests cover those hours).
      SEND_WINDOWS: "off",
      // Drip steps due tomorrow are walked by moving the automation clock (e2e/automation-*.spec.ts).
      AUTOMATION_CLOCK: "movable",
      // The registry emulator decides registrations this long after they are sent
      // (e2e/registrations.spec.ts waits for a toll-free verification to pass).
      REGISTRY_REVIEW_SECONDS: "6",
      // The frame-mode test embeds the app in a page of its own origin.
      FRAME_ANCESTORS: baseURL,
      // 'Continue With Google' against the provider e2e/auth-oauth.spec.ts starts (the same
      // client id and secret there); Facebook stays unconfigured.
      GOOGLE_CLIENT_ID: "parley-e2e-client",
      GOOGLE_CLIENT_SECRET: "parley-e2e-secret",
      GOOGLE_ISSUER: `http://127.0.0.1:${process.env.PARLEY_E2E_OIDC_PORT}/oidc`,
      // Zoom and GoTo connected per business, against the stand-in e2e/webinars-connect.spec.ts
      // starts (the same client id and secret there).
      ZOOM_CLIENT_ID: "parley-e2e-client",
      ZOOM_CLIENT_SECRET: "parley-e2e-secret",
      ZOOM_OAUTH_BASE: `${webinarServices}/zoom`,
      ZOOM_API_BASE: `${webinarServices}/zoom/v2`,
      GOTO_CLIENT_ID: "parley-e2e-client",
      GOTO_CLIENT_SECRET: "parley-e2e-secret",
      GOTO_OAUTH_BASE: `${webinarServices}/goto`,
      GOTO_ADMIN_API_BASE: `${webinarServices}/goto/admin/rest/v1`,
      GOTO_API_BASE: `${webinarServices}/goto/G2W/rest/v2`,
    },
  },
});
