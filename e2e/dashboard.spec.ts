import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

test("the dashboard shows the demo's message stats, growth, chart, recent and upcoming sends", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 2 })).toBeVisible();
  const figures = await (await page.request.get("/api/dashboard")).json();

  // The seeded campaign used credits (failures were given back); the cards say so.
  expect(figures.stats.sent).toBeGreaterThan(0);
  await expect(page.getByTestId("stat-sent-value")).toHaveText(
    figures.stats.sent.toLocaleString("en-US"),
  );
  await expect(page.getByTestId("stat-remaining-value")).toHaveText(
    figures.stats.remaining.toLocaleString("en-US"),
  );
  await expect(page.getByTestId("stat-sent")).toContainText(
    `${figures.stats.sentPercentage}% of ${figures.stats.total.toLocaleString("en-US")} this period`,
  );
  await expect(page.getByTestId("stat-subscribers-value")).toHaveText(
    figures.subscribers.total.toLocaleString("en-US"),
  );
  await expect(page.getByTestId("stat-subscribers")).toContainText(
    `+${figures.subscribers.last30.toLocaleString("en-US")} in 30 days`,
  );

  // 30 days of deliveries, stacked by status group, with a legend.
  const chart = page.getByTestId("deliveries-chart");
  const charted = figures.chart.reduce(
    (n: number, d: Record<string, number>) =>
      n + d.sending! + d.sent! + d.delivered! + d.unconfirmed! + d.failed! + d.blocked!,
    0,
  );
  expect(charted).toBeGreaterThan(0);
  await expect(chart).toContainText(`${charted.toLocaleString("en-US")} campaign texts`);
  await expect(chart.locator(".recharts-surface").first()).toBeVisible();
  await expect(chart.getByText("Delivered", { exact: true })).toBeVisible();

  const recent = page.getByTestId("recent-runs");
  await expect(recent).toContainText("Fall is here!");
  await expect(recent).toContainText(/\d+ delivered/);
  const upcoming = page.getByTestId("upcoming-sends");
  await expect(upcoming).toContainText("This week's special");
  await expect(upcoming).toContainText("Every Week");
  await expect(upcoming).toContainText("To Morning Regulars");
  // Not at 90% of the credits: no used-messages modal.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await keepScreenshot(page, "dashboard-desktop");

  // A recent send opens its report.
  await recent.getByText("Fall is here!").click();
  await expect(page).toHaveURL(/\/reports\/sent-messages\/details\?id=\d+/);
  await expect(page.getByRole("heading", { name: "Sent Message Details", level: 2 })).toBeVisible();

  await page.setViewportSize(MOBILE);
  await page.goto("/dashboard");
  await expect(page.getByTestId("stat-sent-value")).toBeVisible();
  await expect(
    page.getByTestId("deliveries-chart").locator(".recharts-surface").first(),
  ).toBeVisible();
  await keepScreenshot(page, "dashboard-mobile");
  expect(errors).toEqual([]);
});
