import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { logInAsDemo, MOBILE } from "./support";

// axe-core on every screen a signed-in owner reaches, and the public pages: no serious or
// critical violation of WCAG 2.1 A/AA (contrast, names, roles, ARIA use).
// In groups, so each test stays well inside its time at both widths.
const SCREEN_GROUPS: Record<string, string[]> = {
  core: [
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
  ],
  growth: [
    "/growth",
    "/optins/keywords",
    "/optins/sign-up-page",
    "/optins/opt-in-forms",
    "/optins/sms-qr",
    "/optins/qr-code-templates",
    "/optins/web-banner",
    "/marketing/loyalty-rewards",
    "/marketing/digital-coupons",
    "/marketing/textin-giveaway",
    "/marketing/viral-texting",
    "/marketing/bless-registration",
  ],
  automation: [
    "/messages/automated-replies",
    "/messages/drip-campaigns",
    "/workflows",
    "/messages/chatbots",
    "/messages/campaigns",
    "/reports/subscribers",
    "/reports/opt-outs",
    "/analytics",
    "/help",
  ],
  account: [
    "/settings",
    "/notifications",
    "/billing/summary",
    "/billing/manage-subscription",
    "/billing/payment-history",
    "/billing/refer",
    "/billing/add-ons",
    "/addons/purchase-messages",
    "/addons/phone-alerts",
    "/addons/international-messages",
    "/addons/integrations",
    "/developer-dashboard",
    "/mcp",
    "/manage-accounts",
    "/webinars",
  ],
};
const PUBLIC = [
  "/auth/login",
  "/auth/forgot-password",
  "/admin-signup",
  "/subscribe/parley-demo",
  "/subscribe/parley-demo?lang=ES",
  "/privacy/parley-demo",
];

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
  // Six pages, two of them solving a bot check in the browser: beside the other lanes in CI.
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const path of PUBLIC) {
    await page.goto(path);
    for (const v of await violations(page)) found.push(`${path}: ${v}`);
  }
  expect(found).toEqual([]);
});

for (const [group, screens] of Object.entries(SCREEN_GROUPS)) {
  for (const width of ["desktop", "mobile"] as const) {
    test(`${group} screens, ${width}: no serious or critical accessibility violation`, async ({
      page,
    }) => {
      // Up to twenty screens, each waited for and scanned, beside the API lanes on 2 cores.
      test.setTimeout(480_000);
      if (width === "mobile") await page.setViewportSize(MOBILE);
      await logInAsDemo(page);
      const found: string[] = [];
      for (const path of screens) {
        await page.goto(path);
        for (const v of await violations(page)) found.push(`${path}: ${v}`);
      }
      expect(found).toEqual([]);
    });
  }
}
