import { mkdirSync } from "node:fs";
import { expect, type Page } from "@playwright/test";

// A password the strength check accepts: the reset journey sets it again (playwright.config.ts).
export const DEMO = { username: "demo", password: "espresso-parley-2026" };
export const MOBILE = { width: 390, height: 844 };

export async function logIn(page: Page, creds = DEMO) {
  await page.getByLabel("Email / Username").fill(creds.username);
  await page.getByLabel("Password", { exact: true }).fill(creds.password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
}

/** Opens the login page and signs in as the demo owner; resolves once the shell is up. */
export async function logInAsDemo(page: Page) {
  await page.goto("/auth/login");
  await logIn(page);
  await expect(page.getByTestId("sidebar")).toBeVisible();
}

/** Collects console errors and uncaught exceptions so a test can assert there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

const SHOTS = "artifacts/screenshots";

/** Keeps a screenshot of a main screen as a CI artifact. */
export async function keepScreenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}
