import { expect, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./own-server";
import { MOBILE } from "./support";

/**
 * A fresh install without the demo: its first owner comes through the one-time link the server
 * prints at start. The shared e2e server seeds the demo (so it prints no link): this spec starts
 * its own, on its own ports and data folder (scripts/e2e-server.mjs removes the folder on exit),
 * opens the link from the server's log, creates the owner, lands signed in, finds the setup in
 * the audit log, and sees the link refused once used.
 */
let server: OwnServer;
let origin = "";
let setupPath = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer(23_000);
  origin = server.origin;
  // The link is in the start's warning (its setupUrl); only its path is used, on our origin.
  await expect
    .poll(() => /\/setup\/([A-Za-z0-9_-]{20,})/.exec(server.said())?.[0] ?? "", {
      message: "the setup link in the server's log",
      timeout: 30_000,
    })
    .not.toBe("");
  setupPath = /\/setup\/([A-Za-z0-9_-]{20,})/.exec(server.said())![0];
});

test.afterAll(async () => {
  await server?.stop();
});

test("the first owner is made through the one-time setup link", async ({ page }) => {
  await page.goto(`${origin}${setupPath}`);
  await expect(page.getByRole("heading", { name: "Set up Parley" })).toBeVisible();
  await page.screenshot({ path: "artifacts/setup-desktop.png" });
  await page.setViewportSize(MOBILE);
  await expect(page.getByLabel("Business name")).toBeVisible();
  await page.screenshot({ path: "artifacts/setup-phone.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByLabel("Business name").fill("Harbor Books");
  await page.getByLabel("Username").fill("harbor");
  await page.getByLabel("Email").fill("owner@harbor-books.test");
  // Too short first: the form says so and nothing is made.
  await page.getByLabel(/^Password/).fill("short");
  await page.getByRole("button", { name: "Create Owner Account" }).click();
  await expect(page.getByLabel(/^Password/)).toHaveAttribute("data-invalid", "true");
  await expect(page).toHaveURL(new RegExp(`${setupPath}$`));

  await page.getByLabel(/^Password/).fill("salt-and-pages-2026");
  await page.getByRole("button", { name: "Create Owner Account" }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 });

  // The audit log names the setup, and its chain holds.
  await page.goto(`${origin}/settings/audit-log`);
  await expect(page.getByTestId("audit-row").first()).toContainText("Account created");
  await expect(page.getByTestId("audit-verified")).toBeVisible();

  // Used once: the link is refused now, signed in or not.
  await page.context().clearCookies();
  await page.goto(`${origin}${setupPath}`);
  await expect(page.getByTestId("setup-refused")).toContainText("This setup link was used already");
  await expect(page.getByRole("link", { name: "Go to Log In" })).toBeVisible();
});
