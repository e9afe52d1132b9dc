import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

test("analytics: rates, failures by carrier error with what to do, and cohort retention with the plan", async ({
  page,
}) => {
  // Several pages and a background export: more than the default 30 s on a busy CI machine.
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/analytics");
  await expect(page.getByRole("heading", { name: "Analytics", level: 2 })).toBeVisible();
  const figures = await (await page.request.get("/api/analytics")).json();
  expect(figures.sends.length).toBeGreaterThan(1);
  const pct = (x: number) => `${(x * 100).toFixed(x > 0 && x < 0.01 ? 2 : 1)}%`;
  await expect(page.getByTestId("rate-delivery")).toHaveText(pct(figures.totals.deliveryRate));
  await expect(page.getByTestId("rate-reply")).toHaveText(pct(figures.totals.replyRate));
  // The demo's landlines fail with 30006: the table says what it means and what to do.
  const failures = page.getByTestId("failures-by-code");
  const landline = failures.getByRole("row").filter({ hasText: "30006" });
  await expect(landline).toContainText("landline");
  await expect(landline).toContainText("Remove the number");
  const chart = page.getByTestId("best-times-chart");
  await expect(chart.locator(".recharts-responsive-container").first()).toHaveCSS(
    "height",
    "335px",
  );
  await keepScreenshot(page, "analytics-desktop");

  // The demo's Growth plan includes advanced reporting.
  await page.goto("/advanced-analytics");
  const cohorts = page.getByTestId("cohort-table");
  await expect(cohorts.getByRole("row")).not.toHaveCount(1);
  await expect(page.getByTestId("cohort-chart").locator(".recharts-surface").first()).toBeVisible();
  // The conversion pixel is ready to copy, with the account's key.
  const conversions = page.getByTestId("conversions");
  await expect(conversions).toContainText("/api/public/conversions/pixel?key=cv_");
  await expect(page.getByTestId("conversions-revenue")).toHaveText(/^\$/);

  await page.setViewportSize(MOBILE);
  await page.goto("/analytics");
  await expect(
    page.getByTestId("best-times-chart").locator(".recharts-responsive-container").first(),
  ).toHaveCSS("height", "235px");
  await expect(page.getByTestId("failures-by-code")).toContainText("30006");
  await keepScreenshot(page, "analytics-mobile");
  expect(errors).toEqual([]);
});
