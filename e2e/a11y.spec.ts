import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { logInAsDemo, MOBILE } from "./support";

// axe-core on every screen a signed-in owner reaches, and the public pages: no serious or
// critical violation of WCAG 2.1 A/AA (contrast, names, roles, ARIA use).
const SCREENS = [
  "/dashboard",
  "/inbox",
  "/send-message",
  "/messages/scheduled",
  "/messages/templates",
  "/reports/sent-messages",
  "/reports/link-tracking",
  "/reports/export-history",
  "/subscribers/manage",
  "/subscribers/import",
  "/subscribers/import/history",
  "/manage-groups",
  "/subscribers/attributes",
  "/unhealthy-subscribers",
  "/dedicated-numbers",
  "/deeplinks",
  "/virtual-phones",
  "/mailbox",
  "/manage-users",
  "/optins/contact-card",
];
const PUBLIC = ["/auth/login", "/auth/forgot-password"];

async function violations(page: Page) {
  // Screens load their data first: wait for the network to settle and loaders to go.
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".mantine-Loader-root")).toHaveCount(0, { timeout: 10_000 });
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

test("public pages have no serious or critical accessibility violation", async ({ page }) => {
  const found: string[] = [];
  for (const path of PUBLIC) {
    await page.goto(path);
    for (const v of await violations(page)) found.push(`${path}: ${v}`);
  }
  expect(found).toEqual([]);
});

for (const width of ["desktop", "mobile"] as const) {
  test(`every screen, ${width}: no serious or critical accessibility violation`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    if (width === "mobile") await page.setViewportSize(MOBILE);
    await logInAsDemo(page);
    const found: string[] = [];
    for (const path of SCREENS) {
      await page.goto(path);
      for (const v of await violations(page)) found.push(`${path}: ${v}`);
    }
    expect(found).toEqual([]);
  });
}
