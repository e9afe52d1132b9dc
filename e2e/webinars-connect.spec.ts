import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import {
  startWebinarServices,
  type WebinarServicesStandIn,
} from "../src/server/test/webinar-services-stand-in";
import { logIn, MOBILE, watchConsole } from "./support";

const SHOTS = "/tmp/shots-webinars-connect";
/** The server's public address: the services send the browser back there (the redirect URI). */
const PUBLIC = `http://localhost:${process.env.PARLEY_E2E_PORT}`;

let services: WebinarServicesStandIn;

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The app playwright.config.ts gives the server (ZOOM_* / GOTO_*).
  services = await startWebinarServices({
    clientId: "parley-e2e-client",
    clientSecret: "parley-e2e-secret",
    port: Number(process.env.PARLEY_E2E_WEBINAR_PORT),
    consent: true,
  });
});

test.afterAll(async () => {
  await services?.close();
});

async function openImport(page: Page) {
  await page.goto(`${PUBLIC}/webinars/import?provider=zoom`);
  await expect(page).toHaveTitle("Import Webinar Attendees | Parley");
  const brand = page.getByRole("dialog", { name: "Register your brand" });
  if (await brand.isVisible().catch(() => false))
    await brand.getByRole("button", { name: "Skip for now" }).click();
}

test("a business connects its own Zoom, imports a webinar with it, and disconnects", async ({
  page,
}) => {
  const errors = watchConsole(page);
  services.state.zoom = {
    id: "zu-1",
    email: "host@zoom.test",
    verified: 1,
    first_name: "Hal",
    last_name: "Host",
  };
  await page.goto(`${PUBLIC}/auth/login`);
  await logIn(page);
  await expect(page.getByTestId("top-bar")).toBeVisible({ timeout: 20_000 });
  await openImport(page);

  const panel = page.getByTestId("connection");
  await expect(panel).toContainText(
    "Connect your Zoom account to import a webinar's registrants by its ID.",
  );
  await page.screenshot({ path: `${SHOTS}/connect-1280.png` });
  await panel.getByRole("link", { name: "Connect Zoom" }).click();

  // Zoom's consent page (the stand-in), then back on the import page.
  await expect(page).toHaveURL(/\/zoom\/oauth\/authorize\?/);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(`${PUBLIC}/webinars/import?provider=zoom`);
  await expect(page.getByText("Zoom is connected.")).toBeVisible();
  await expect(panel).toContainText("Connected to Zoom as host@zoom.test");
  await page.screenshot({ path: `${SHOTS}/connected-1280.png` });

  await page.getByLabel("Zoom webinar ID").fill("81");
  await page.getByLabel(/Every registrant in this list agreed/).check();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("import-outcome")).toContainText(
    "1 registrants, 1 agreed to texts",
  );
  expect(services.state.hits.some((h) => h.person === "zu-1")).toBe(true);

  await page.setViewportSize(MOBILE);
  await page.screenshot({ path: `${SHOTS}/connected-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await panel.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Zoom is disconnected.")).toBeVisible();
  await expect(panel.getByRole("link", { name: "Connect Zoom" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the /zoom welcome page offers 'Sign Up with Zoom'", async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${PUBLIC}/zoom`);
  await expect(page.getByRole("heading", { name: "Welcome, Zoom user" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign Up with Zoom" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/welcome-1280.png` });

  services.state.zoom = {
    id: "zu-9",
    email: "nia@newbiz.test",
    verified: 1,
    first_name: "Nia",
    last_name: "Newcomer",
  };
  await page.getByRole("link", { name: "Sign Up with Zoom" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(`${PUBLIC}/admin-signup?sso=zoom`);
  await expect(page.getByTestId("sso-signup")).toContainText(
    "Your Zoom account (nia@newbiz.test) will be connected to your new Parley account.",
  );
  await expect(page.getByLabel("First name")).toHaveValue("Nia");
  await expect(page.getByLabel("Email")).toHaveValue("nia@newbiz.test");
  await page.setViewportSize(MOBILE);
  await page.screenshot({ path: `${SHOTS}/signup-390.png`, fullPage: true });
  await page.close();
});
