import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// A password the strength check accepts: the reset journey sets it again (playwright.config.ts).
export const DEMO = { username: "demo", password: "espresso-parley-2026" };
export const MOBILE = { width: 390, height: 844 };

export async function logIn(page: Page, creds = DEMO) {
  await page.getByLabel("Email / Username").fill(creds.username);
  await page.getByLabel("Password", { exact: true }).fill(creds.password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
}

/**
 * Signs in as the demo owner and opens `landing` (the dashboard, as after the login form);
 * resolves once the shell is up. The session comes from the login API, as the form gets it
 * (the form has its own tests in login.spec.ts): a page load fewer for every journey.
 */
export async function logInAsDemo(page: Page, landing = "/dashboard") {
  const res = await page.request.post("/api/auth/login", {
    data: { username: DEMO.username, password: DEMO.password },
    headers: { "x-parley-csrf": "1" },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(landing);
  // The top bar, not the sidebar: phones keep the navigation in a drawer.
  await expect(page.getByTestId("top-bar")).toBeVisible({ timeout: 20_000 });
}

/**
 * A new business sees the brand registration modal once a session after its first login
 * (doc 1 §4): journeys that are about something else skip it where it opens.
 */
export async function skipBrandPrompt(page: Page) {
  const brand = page.getByRole("dialog", { name: "Register your brand" });
  await brand.getByRole("button", { name: "Skip for now" }).click();
  await expect(brand).toBeHidden();
}

/** Collects console errors and uncaught exceptions so a test can assert there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    // A failed load names its resource: a late answer may arrive after the page moved on.
    const resource = m.text().startsWith("Failed to load resource") ? ` (${m.location().url})` : "";
    errors.push(`${page.url()}: ${m.text()}${resource}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

const SHOTS = "artifacts/screenshots";

/** Keeps a screenshot of a main screen as a CI artifact. */
export async function keepScreenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // Transitions finished: a dialog caught mid fade-in reads as broken in the kept picture.
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: "disabled" });
}

/**
 * The serious and critical WCAG 2.1 A/AA violations (contrast, names, roles, ARIA use) of the
 * screen as it is now, once its data has loaded and its loaders are gone, one line each.
 * axe runs in the page itself (legacy mode): the default mode opens a blank page for every scan to
 * gather results across cross-origin frames, which our screens do not have; that page cost 1 to 3 s
 * a scan, several times the scan itself (measured on the demo's dashboard and settings).
 */
export async function seriousA11yViolations(
  page: Page,
  loaders = ".mantine-Loader-root",
): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  await expect(page.locator(loaders)).toHaveCount(0, { timeout: 15_000 });
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // Only the violations are read: axe skips building the long lists of passed checks.
    .options({ resultTypes: ["violations"] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}
