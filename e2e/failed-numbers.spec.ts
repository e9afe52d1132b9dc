import { expect, type Page, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

// The analytics page's failed-by-error view acts on the numbers behind a code: the demo's
// history holds unreachable handsets (30003, a later try may work) and numbers no longer in
// service (30005, permanent: clean them).

const summaryOf = async (page: Page, code: number) =>
  (await (await page.request.get(`/api/analytics/failures/numbers?code=${code}`)).json()) as {
    failed: number;
    retryable: number;
    cleanable: number;
    sends: number;
  };

test("failed numbers: retry the unreachable ones, clean up the ones no longer in service", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/analytics");
  const failures = page.getByTestId("failures-by-code");
  const unreachable = failures.getByRole("row").filter({ hasText: "30003" });
  await expect(unreachable).toBeVisible();
  // A permanent code offers no retry; every number-health code offers a clean-up.
  const gone = failures.getByRole("row").filter({ hasText: "30005" });
  await expect(gone.getByRole("button", { name: /^Retry/ })).toHaveCount(0);

  // Clean up first: opt out the numbers no longer in service whose latest text failed. (After the
  // retry below, a number that failed with both codes has a newer text, and nothing to clean.)
  const outcome = page.getByTestId("failed-numbers-outcome");
  const goneBefore = await summaryOf(page, 30005);
  expect(goneBefore.cleanable).toBeGreaterThan(0);
  await gone.getByRole("button", { name: "Clean up numbers that failed with 30005" }).click();
  const clean = page.getByRole("dialog", { name: "Clean up numbers that failed with 30005" });
  await expect(clean.getByTestId("failed-numbers-cleanable")).toContainText(
    `${goneBefore.cleanable.toLocaleString("en-US")} number`,
  );
  await clean.getByText("Opt out", { exact: true }).click();
  await clean.getByRole("button", { name: /^Opt out [\d,]+ numbers?$/ }).click();
  await expect(outcome).toContainText(`${goneBefore.cleanable.toLocaleString("en-US")} number`);
  await expect(outcome).toContainText("opted out");
  expect((await summaryOf(page, 30005)).cleanable).toBe(0);
  // A second look says there is nothing left to clean, and the button stays off.
  await gone.getByRole("button", { name: "Clean up numbers that failed with 30005" }).click();
  await expect(clean.getByTestId("failed-numbers-cleanable")).toContainText(
    "None of them is failing now",
  );
  await expect(clean.getByRole("button", { name: "Clean up" })).toBeDisabled();
  await clean.getByRole("button", { name: "Cancel" }).click();
  await outcome.getByRole("button", { name: "Dismiss" }).click();
  await expect(outcome).toBeHidden();

  // Retry: the dialog counts who gets the text again, as the server does.
  const before = await summaryOf(page, 30003);
  expect(before.failed).toBeGreaterThan(0);
  await unreachable.getByRole("button", { name: "Retry numbers that failed with 30003" }).click();
  const retry = page.getByRole("dialog", { name: "Retry numbers that failed with 30003" });
  await expect(retry.getByTestId("failed-numbers-count")).toContainText(
    `${before.failed.toLocaleString("en-US")} number`,
  );
  await expect(retry.getByTestId("failed-numbers-retryable")).toContainText(
    `${before.retryable.toLocaleString("en-US")} number`,
  );
  await keepScreenshot(page, "analytics-retry-dialog");
  // Cancel changes nothing.
  await retry.getByRole("button", { name: "Cancel" }).click();
  await expect(retry).toBeHidden();
  const sendsBefore = (await (await page.request.get("/api/reports/sent-messages")).json()) as {
    total: number;
  };

  await unreachable.getByRole("button", { name: "Retry numbers that failed with 30003" }).click();
  await retry.getByRole("button", { name: /^Retry [\d,]+ numbers?$/ }).click();
  // Inside the account's quiet hours the dialog asks first. The demo's history carries no links
  // (its local number is not 10DLC registered), so the retry is not refused by the link rule.
  const anyway = retry.getByRole("button", { name: "Send anyway" });
  await expect(outcome.or(anyway)).toBeVisible();
  const sendsNow = async () =>
    ((await (await page.request.get("/api/reports/sent-messages")).json()) as { total: number })
      .total;
  if (await anyway.isVisible()) await anyway.click();
  await expect(outcome).toContainText(
    `Retrying ${before.retryable.toLocaleString("en-US")} number`,
  );
  await expect(outcome.getByRole("link", { name: "Open Sent Messages" })).toBeVisible();
  await expect.poll(sendsNow).toBeGreaterThan(sendsBefore.total);
  await outcome.getByRole("button", { name: "Dismiss" }).click();
  await expect(outcome).toBeHidden();

  await keepScreenshot(page, "analytics-failures-desktop");

  await page.setViewportSize(MOBILE);
  await expect(
    failures.getByRole("button", { name: "Retry numbers that failed with 30003" }),
  ).toBeVisible();
  await keepScreenshot(page, "analytics-failures-mobile");
  expect(errors).toEqual([]);
});
