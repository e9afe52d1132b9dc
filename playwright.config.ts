import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Each Playwright worker has a production server of its own, with its own fresh embedded
// PostgreSQL cluster and demo account (scripts/e2e-server.mjs): the files are shared out to the
// workers as they free up, and no two files ever run at once against one account.
// PARLEY_E2E_SERVERS sets how many (default 1; `npm test` runs 2, one per core).
// The base port is put in process.env so that worker processes, which evaluate this file again,
// agree on it; each worker then takes the ports of its slot (TEST_PARALLEL_INDEX, set by
// Playwright in the worker) and publishes them to the specs through PARLEY_E2E_PORT etc.
process.env.PARLEY_E2E_BASE_PORT ??= String(3100 + (process.pid % 200) * 2);
const basePort = Number(process.env.PARLEY_E2E_BASE_PORT);
const servers = Math.max(1, Number(process.env.PARLEY_E2E_SERVERS ?? 1));

/** The ports of one server slot: the app, its PostgreSQL and the stand-ins its specs start. */
function portsOf(slot: number) {
  const port = basePort + slot;
  return {
    port,
    pg: port + 20_000,
    // The test OpenID provider of e2e/auth-oauth.spec.ts ('Continue With Google').
    oidc: port + 21_000,
    // The Zoom / GoTo stand-in of e2e/webinars-connect.spec.ts.
    webinar: port + 22_000,
  };
}

const slot = process.env.TEST_PARALLEL_INDEX ? Number(process.env.TEST_PARALLEL_INDEX) : 0;
const mine = portsOf(slot % servers);
process.env.PARLEY_E2E_PORT = String(mine.port);
process.env.PARLEY_E2E_OIDC_PORT = String(mine.oidc);
process.env.PARLEY_E2E_WEBINAR_PORT = String(mine.webinar);
const baseURL = `http://127.0.0.1:${mine.port}`;

// Debian's headless shell (package chromium-headless-shell, installed by .ci/run): the same
// engine as Chromium without the desktop browser around it, about a quarter less CPU on these
// 2 cores (measured on the accessibility scans). Chromium itself where the shell is missing.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium =
  process.env.PARLEY_E2E_CHROMIUM ??
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

function webServer(slot: number) {
  const ports = portsOf(slot);
  const origin = `http://127.0.0.1:${ports.port}`;
  const webinarServices = `http://127.0.0.1:${ports.webinar}`;
  return {
    command: "node scripts/e2e-server.mjs",
    // Ready, not only alive: the demo history is seeded after the server listens.
    url: `${origin}/readyz`,
    // Several servers start at once on 2 cores (migrations and the demo history each).
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(ports.port),
      HOST: "127.0.0.1",
      EMBEDDED_PG_PORT: String(ports.pg),
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT: "1000",
      LOGIN_ACCOUNT_FAILURES: "1000",
      // Journeys sign up several accounts from 127.0.0.1 (the API tests cover the limit).
      SIGNUP_ADDRESS_LIMIT: "1000",
      SIGNUP_NETWORK_LIMIT: "1000",
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
      FRAME_ANCESTORS: origin,
      // e2e/platform-integrations.spec.ts subscribes a Zapier hook on loopback: an internal
      // address tenants may not call unless the operator allows it.
      OUTBOUND_ALLOW: "127.0.0.1",
      // 'Continue With Google' against the provider e2e/auth-oauth.spec.ts starts (the same
      // client id and secret there); Facebook stays unconfigured.
      GOOGLE_CLIENT_ID: "parley-e2e-client",
      GOOGLE_CLIENT_SECRET: "parley-e2e-secret",
      GOOGLE_ISSUER: `http://127.0.0.1:${ports.oidc}/oidc`,
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
  };
}

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  // One worker per server: a worker always talks to the server of its slot.
  workers: servers,
  // In CI a failed test runs once more; scripts/test.mjs names every test that passed only so.
  // A known flaky test is named in .ci/quarantine.txt instead.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: "list",
  use: {
    baseURL,
    // A trace records a screencast and DOM snapshots of every step: two thirds of Chromium's CPU
    // on these 2 cores when kept for every test (measured). It is taken on the retry of a failed
    // test (CI retries once), beside the screenshot of the first failure.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
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
  webServer: Array.from({ length: servers }, (_, slot) => webServer(slot)),
});
