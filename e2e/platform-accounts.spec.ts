import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, skipBrandPrompt, watchConsole } from "./support";

const stamp = Date.now().toString(36).slice(-5);
const BANNER =
  "You are currently accessing a managed account. Log out to return to your original account.";
test.describe.configure({ timeout: 90_000 });

test("create a managed account, open it (banner), return and log out back to the parent", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/manage-accounts");
  await expect(page.getByRole("heading", { name: "Manage Accounts", level: 2 })).toBeVisible();

  await page.getByRole("button", { name: "New account" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New managed account" });
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog.getByText("Business name is required")).toBeVisible();
  const business = `Corner Bakery ${stamp}`;
  await dialog.getByLabel("Business name").fill(business);
  await dialog.getByLabel("Owner's email").fill(`owner-${stamp}@bakery.test`);
  await dialog.getByLabel("Owner's first name").fill("Cora");
  await dialog.getByRole("button", { name: "Create account" }).click();
  const row = page.getByTestId("child-account-row").filter({ hasText: business });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Cora");
  await keepScreenshot(page, "platform-manage-accounts");

  await row.getByRole("button", { name: `Open ${business}` }).click();
  const banner = page.getByTestId("acting-banner");
  await expect(banner.getByText(BANNER)).toBeVisible();
  // The banner names the business being worked in and the way back to the parent.
  await expect(banner).toContainText(business);
  const returnButton = banner.getByRole("button", { name: "Return to Parley Demo Coffee Co." });
  await expect(returnButton).toBeVisible();
  // The new child business meets the brand registration modal (doc 1 §4).
  await skipBrandPrompt(page);
  await expect(page.getByTestId("account-menu")).toContainText(business);
  await keepScreenshot(page, "platform-impersonating");
  await page.setViewportSize(MOBILE);
  await expect(banner.getByText(BANNER)).toBeVisible();
  await expect(returnButton).toBeInViewport();
  await keepScreenshot(page, "platform-impersonating-mobile");
  await page.setViewportSize({ width: 1280, height: 800 });

  // 'Return to <parent>' goes back to the parent's Manage Accounts, still signed in.
  await returnButton.click();
  await expect(page).toHaveURL(/\/manage-accounts$/);
  await expect(page.getByTestId("acting-banner")).toHaveCount(0);
  await expect(page.getByTestId("account-menu")).not.toContainText(business);
  await row.getByRole("button", { name: `Open ${business}` }).click();
  await expect(banner).toBeVisible();

  // Logging out of the child returns to the parent, still signed in.
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/manage-accounts$/);
  await expect(page.getByRole("heading", { name: "Manage Accounts", level: 2 })).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await expect(page.getByTestId("account-menu")).not.toContainText(business);

  // The parent sees what was done in the child, and by whom.
  await row.getByRole("button", { name: "Activity" }).click();
  const activity = page.getByRole("dialog", { name: `Activity in ${business}` });
  await expect(activity).toContainText("Opened the account");
  await expect(activity).toContainText("Logged out of the account");
  // Both ways back are written: the banner's return, then the Log Out.
  await expect(activity.getByText("Logged out of the account")).toHaveCount(2);
  expect(errors.filter((e) => !/status of (401|403)/.test(e))).toEqual([]);
});

test("import webinar registrants from a CSV and see their reminders scheduled", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/webinars/edit-event");
  const title = `Product tour ${stamp}`;
  await page.getByLabel("Title").fill(title);
  const start = new Date(Date.now() + 3 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  await page
    .getByLabel("Starts")
    .fill(`${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}T14:00`);
  await page.getByLabel("Join link").fill("https://zoom.us/j/555");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page).toHaveURL(/\/webinars\/import\?id=\d+/);

  const csv = path.join(os.tmpdir(), `registrants-${stamp}.csv`);
  writeFileSync(
    csv,
    [
      "First Name,Last Name,Email,Phone,Join URL,SMS Consent",
      "Ada,Lovelace,ada@x.test,(310) 555-0611,https://zoom.us/w/ada,yes",
      "Bob,Builder,bob@x.test,(310) 555-0612,https://zoom.us/w/bob,no",
    ].join("\n"),
  );
  // Mantine's file input is a button over a hidden <input type="file">.
  await page.locator('input[type="file"]').setInputFiles(csv);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const outcome = page.getByTestId("import-outcome");
  await expect(outcome).toContainText("2 registrants, 1 agreed to texts");
  await expect(outcome).toContainText("2 reminders scheduled");
  const table = outcome.getByTestId("registrants-table");
  await expect(table.getByRole("row").filter({ hasText: "Ada" })).toContainText(
    "1 day before: Scheduled",
  );
  await expect(table.getByRole("row").filter({ hasText: "Bob" })).toContainText("No consent");
  await keepScreenshot(page, "webinars-import");

  await page.goto("/webinars");
  const card = page.getByTestId("webinar-card").filter({ hasText: title });
  await expect(card.getByTestId("reminders-scheduled")).toHaveText("2 reminders scheduled");
  await keepScreenshot(page, "webinars-list");
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "webinars-list-mobile");
  expect(errors).toEqual([]);
});
