import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

// The demo seed holds two landlines (…0001, which the emulated carrier calls landlines).
const LANDLINES = ["(312) 555-0001", "(617) 555-0001"];

test("the seeded landlines are found, listed with their reason, and one is cleaned up", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/unhealthy-subscribers");
  const table = page.getByTestId("unhealthy-table");
  const check = page.getByRole("button", { name: /^Check line types/ }).first();
  await expect(table.or(page.getByTestId("empty-state"))).toBeVisible();

  // Numbers never checked are looked up with the carrier (a run before may have done it).
  if ((await check.count()) > 0) {
    await check.click();
    const dialog = page.getByRole("dialog", { name: "Check line types" });
    await dialog.getByRole("button", { name: /^Check [\d,]+ numbers?$/ }).click();
    await expect(dialog.getByText("Check finished")).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByTestId("line-check-progress")).toContainText(
      /[1-9]\d* landlines? found/,
    );
    await dialog.getByRole("button", { name: "Done" }).click();
  }

  await page.getByText(/^Landline \(\d+\)$/).click();
  for (const phone of LANDLINES) {
    const row = table.getByRole("row").filter({ hasText: phone });
    await expect(row).toBeVisible();
    await expect(row.getByTestId("reason").filter({ visible: true })).toHaveText("Landline");
    // How it was found: the line-type check, or a landline failure of the demo's seeded campaign.
    await expect(row).toContainText(/Found by line-type check|failed text/);
  }
  await keepScreenshot(page, "unhealthy-desktop");

  // Opt one out: it leaves the list (opted-out numbers are never texted), the other stays.
  await table.getByRole("button", { name: `Actions for ${LANDLINES[1]}` }).click();
  await page.getByRole("menuitem", { name: "Opt out" }).click();
  const confirm = page.getByRole("dialog", { name: "Opt out 1 subscriber?" });
  await confirm.getByRole("button", { name: "Opt out 1 subscriber" }).click();
  await expect(page.getByText("1 subscriber opted out")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: LANDLINES[1]! })).toHaveCount(0);
  await expect(table.getByRole("row").filter({ hasText: LANDLINES[0]! })).toBeVisible();

  // Selecting shows the bulk clean-up bar; nothing happens without a confirmation.
  await table.getByRole("checkbox", { name: `Select ${LANDLINES[0]}` }).check();
  const bar = page.getByTestId("selection-bar");
  await expect(bar).toContainText("1 subscriber selected");
  await bar.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog", { name: "Delete 1 subscriber?" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(table.getByRole("row").filter({ hasText: LANDLINES[0]! })).toBeVisible();

  await page.setViewportSize(MOBILE);
  await expect(table.getByRole("row").filter({ hasText: LANDLINES[0]! })).toBeVisible();
  await keepScreenshot(page, "unhealthy-mobile");
  expect(errors).toEqual([]);
});
