import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

test("subscriber report: the demo's growth by day and method, and its CSV export", async ({
  page,
}) => {
  // Several pages and a background export: more than the default 30 s on a busy CI machine.
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/reports/subscribers");
  await expect(page.getByRole("heading", { name: "Subscriber Report", level: 2 })).toBeVisible();
  const figures = await (await page.request.get("/api/reports/subscribers")).json();
  // The demo's history has people joining in the last 30 days.
  expect(figures.totals.joined).toBeGreaterThan(0);
  await expect(page.getByTestId("stat-joined")).toHaveText(String(figures.totals.joined));
  await expect(page.getByTestId("stat-opted-out")).toHaveText(String(figures.totals.optedOut));
  await expect(page.getByTestId("stat-net-growth")).toHaveText(String(figures.totals.net));
  const chart = page.getByTestId("subscriber-chart");
  await expect(chart.locator(".recharts-surface").first()).toBeVisible();
  // Doc 1 §9: 335 px high on a desktop.
  await expect(chart.locator(".recharts-responsive-container").first()).toHaveCSS(
    "height",
    "335px",
  );
  await expect(page.getByTestId("by-method")).toContainText(figures.byMethod[0].label);

  await page.getByRole("button", { name: "Export CSV" }).click();
  const exportsList = page.getByTestId("report-exports");
  const link = exportsList.getByRole("link", { name: /^Download subscribers-/ }).first();
  await expect(link).toBeVisible({ timeout: 15_000 });
  const csv = await (await page.request.get((await link.getAttribute("href"))!)).text();
  expect(csv.split("\n")[0]).toBe("\uFEFFDate,Joined,Opted Out,Net");
  expect(csv).toContain("Sign Up Method,Joined,Opted Out,Net");
  await keepScreenshot(page, "subscriber-report-desktop");

  await page.setViewportSize(MOBILE);
  await expect(chart.locator(".recharts-responsive-container").first()).toHaveCSS(
    "height",
    "235px",
  );
  await keepScreenshot(page, "subscriber-report-mobile");
  expect(errors).toEqual([]);
});

test("opt-out report: who opted out after which campaign, and its CSV export", async ({ page }) => {
  // Several pages and a background export: more than the default 30 s on a busy CI machine.
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  // Ninety days: the demo's history has STOPs after its campaigns.
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  const figures = await (
    await page.request.get(`/api/reports/opt-outs?from=${from}&to=${to}`)
  ).json();
  expect(figures.total).toBeGreaterThan(0);
  await page.goto("/reports/opt-outs");
  await expect(page.getByRole("heading", { name: "Opt-Outs", level: 2 })).toBeVisible();
  await expect(
    page.getByTestId("opt-out-chart").locator(".recharts-surface").first(),
  ).toBeVisible();
  // Other journeys text STOP from virtual phones that no campaign reached: pick the demo's.
  const first = figures.rows.find(
    (r: { preceding: { source: string } | null }) => r.preceding?.source === "Campaign",
  );
  const table = page.locator("table").last();
  await expect(page.getByTestId("opt-out-total")).toContainText("opted out");
  // The newest opt-out of 90 days is also in the default 30 when recent; the API decides.
  const recent = await (await page.request.get("/api/reports/opt-outs")).json();
  const shown = recent.rows[0];
  if (shown) {
    await expect(table).toContainText(shown.phone);
    if (shown.preceding) await expect(table).toContainText(shown.preceding.body.slice(0, 30));
  }
  expect(first?.preceding.source).toBe("Campaign");

  await page.getByRole("button", { name: "Export CSV" }).click();
  const link = page
    .getByTestId("report-exports")
    .getByRole("link", { name: /^Download opt-outs-/ })
    .first();
  await expect(link).toBeVisible({ timeout: 15_000 });
  const csv = await (await page.request.get((await link.getAttribute("href"))!)).text();
  expect(csv.split("\n")[0]).toContain("Message Before");
  await keepScreenshot(page, "opt-outs-desktop");
  expect(errors).toEqual([]);
});
