import { expect, type Page, test } from "@playwright/test";
import { logInAsDemo, MOBILE, seriousA11yViolations as violations } from "./support";

// axe-core on every screen a signed-in owner reaches, and the public pages: no serious or
// critical violation of WCAG 2.1 A/AA (contrast, names, roles, ARIA use). Each screen is opened
// once and scanned at desktop width, then again at phone width (the layout follows the viewport
// without a reload). In groups, so each test stays well inside its time.
const SCREEN_GROUPS: Record<string, string[]> = {
  messaging: [
    "/dashboard",
    "/inbox",
    "/send-message",
    "/messages/scheduled",
    "/messages/templates",
    "/reports/sent-messages",
    "/reports/link-tracking",
    "/reports/export-history",
    "/mailbox",
    "/virtual-phones",
  ],
  audience: [
    "/subscribers/manage",
    "/subscribers/import",
    "/subscribers/import/history",
    "/manage-groups",
    "/subscribers/attributes",
    "/unhealthy-subscribers",
    "/dedicated-numbers",
    "/deeplinks",
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
  ],
  marketing: [
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
  ],
  insight: ["/reports/subscribers", "/reports/opt-outs", "/analytics", "/help"],
  billing: [
    "/billing/summary",
    "/billing/manage-subscription",
    "/billing/payment-history",
    "/billing/refer",
    "/billing/add-ons",
    "/addons/purchase-messages",
    "/addons/phone-alerts",
    "/addons/international-messages",
  ],
  account: [
    "/settings",
    "/settings/audit-log",
    "/notifications",
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

/** The screen at phone width: the layout switches (drawer navigation, stacked forms) in place. */
async function atPhoneWidth(page: Page) {
  await page.setViewportSize(MOBILE);
  // Two frames: media-query hooks re-render, then the new layout is painted.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
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

const DESKTOP = { width: 1280, height: 720 };

for (const [group, screens] of Object.entries(SCREEN_GROUPS)) {
  test(`${group} screens, desktop and phone: no serious or critical accessibility violation`, async ({
    page,
  }) => {
    // Up to ten screens, each waited for and scanned twice, on 2 busy cores.
    test.setTimeout(300_000);
    await logInAsDemo(page);
    const found: string[] = [];
    for (const path of screens) {
      await page.setViewportSize(DESKTOP);
      await page.goto(path);
      for (const v of await violations(page)) found.push(`${path} (desktop): ${v}`);
      await atPhoneWidth(page);
      for (const v of await violations(page)) found.push(`${path} (phone): ${v}`);
    }
    expect(found).toEqual([]);
  });
}
