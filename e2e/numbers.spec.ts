import { hash } from "@node-rs/argon2";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { TEXT } from "../src/domain/texts";
import { keepScreenshot, logIn, logInAsDemo, MOBILE, watchConsole } from "./support";

// Each journey walks several screens and carrier calls: more than the default 30 s on a busy box.
test.describe.configure({ timeout: 120_000 });

/** Buys a number through the modal; returns it as shown, e.g. "(512) 555-0100". */
async function buyNumber(
  page: Page,
  opts: { areaCode?: string; tollFree?: boolean; name: string },
) {
  await page.getByRole("button", { name: "Buy a number" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Buy a number" });
  if (opts.tollFree) await dialog.getByText("Toll-free", { exact: true }).click();
  else await dialog.getByLabel("Area code").fill(opts.areaCode ?? "");
  await dialog.getByRole("button", { name: "Search" }).click();
  const first = dialog.getByTestId("available-number").first();
  await expect(first).toBeVisible();
  const shown = (await first.getAttribute("aria-label")) ?? "";
  await first.click();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByTestId("chosen-number")).toHaveText(shown);
  await dialog.getByLabel("Name (optional)").fill(opts.name);
  // The demo account already has its included number: this one costs $5 a month.
  await expect(dialog.getByText("This number costs $5.00 per month")).toBeVisible();
  const buy = dialog.getByRole("button", { name: "Buy for $5.00/month" });
  await expect(buy).toBeDisabled();
  await dialog.getByLabel("I agree to pay $5.00 per month for this number").check();
  await buy.click();
  await expect(page.getByText(`${shown} is now yours`)).toBeVisible();
  await expect(dialog).toBeHidden();
  return shown;
}

async function release(page: Page, shown: string) {
  await page.getByRole("button", { name: `Release ${shown}` }).click();
  const dialog = page.getByRole("dialog", { name: `Release ${shown}?` });
  await expect(dialog).toContainText("This cannot be undone");
  await expect(dialog).toContainText("Its $5.00 monthly charge stops.");
  await dialog.getByRole("button", { name: "Release number" }).click();
  await expect(page.getByText(`${shown} was released`)).toBeVisible();
}

test("the owner buys a number by area code, renames it, opens it and releases it", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/dedicated-numbers");
  await expect(page.getByRole("heading", { name: "Dedicated Numbers", level: 1 })).toBeVisible();
  const name = `E2E shop ${Date.now()}`;
  const shown = await buyNumber(page, { areaCode: "512", name });
  expect(shown).toMatch(/^\(512\) 555-01\d\d$/);

  // It is in the list, with its name and its monthly price.
  await page.getByLabel("Search numbers").fill(name);
  const row = page.getByRole("row").filter({ hasText: shown });
  await expect(row).toContainText(name);
  await expect(row).toContainText("$5.00 / month");
  await expect(row).toContainText("Long code");
  await keepScreenshot(page, "dedicated-numbers-desktop");

  // Rename in the modal.
  const renamed = `${name} (renamed)`;
  await row.getByRole("button", { name: `Rename ${shown}` }).click();
  const modal = page.getByRole("dialog", { name: "Rename number" });
  await modal.getByLabel("Name").fill(renamed);
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal).toBeHidden();
  await page.getByLabel("Search numbers").fill(renamed);
  await expect(page.getByRole("row").filter({ hasText: shown })).toContainText(renamed);

  // The details page: its facts and the limits of an unregistered long code; rename in place.
  await page.getByRole("link", { name: shown, exact: true }).click();
  await expect(page).toHaveURL(/\/dedicated-numbers\/details\/\d+\/1512555\d{4}$/);
  await expect(page.getByRole("heading", { name: "Number Details", level: 1 })).toBeVisible();
  await expect(page.getByTestId("details-number")).toHaveText(shown);
  await expect(page.getByTestId("number-name")).toHaveText(renamed);
  await expect(page.getByTestId("limits")).toContainText("Links are disabled");
  await page.getByRole("button", { name: "Edit name" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("textbox", { name: "Name" }).press("Enter");
  await expect(page.getByTestId("number-name")).toHaveText(name);
  await keepScreenshot(page, "number-details-desktop");
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "number-details-mobile");
  await page.getByRole("link", { name: "Dedicated Numbers" }).first().click();
  await page.getByLabel("Search numbers").fill(name);
  await expect(page.getByRole("row").filter({ hasText: shown })).toBeVisible();
  await keepScreenshot(page, "dedicated-numbers-mobile");
  await page.setViewportSize({ width: 1280, height: 800 });

  // Release: confirmed, then gone from the list.
  await release(page, shown);
  await expect(page.getByText(TEXT.emptyTable)).toBeVisible();
  expect(errors).toEqual([]);
});

test("a toll-free number is unverified until its verification form is sent", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/dedicated-numbers");
  const name = `E2E toll-free ${Date.now()}`;
  const shown = await buyNumber(page, { tollFree: true, name });
  await page.getByLabel("Search numbers").fill(name);
  const row = page.getByRole("row").filter({ hasText: shown });
  await expect(row.getByTestId("number-state").first()).toHaveText("Unverified Toll-Free");
  await row.getByRole("link", { name: shown, exact: true }).click();

  await expect(page.getByTestId("tf-status")).toHaveText("Not submitted");
  await expect(page.getByTestId("limits")).toContainText(
    "Register your number to insert a short-link",
  );
  await page.getByLabel("Website").fill("beanthere");
  await page.getByLabel("Sample message").fill("Too short");
  await page.getByRole("button", { name: "Submit verification" }).click();
  await expect(page.getByText("Enter a valid URL starting with http:// or https://")).toBeVisible();
  await expect(page.getByText("A sample message has at least 20 characters")).toBeVisible();
  await expect(page.getByText("Use case is required")).toBeVisible();

  await page.getByLabel("Website").fill("https://beanthere.example");
  await page.getByLabel("Contact phone").fill("(512) 555-0199");
  await page.getByLabel("Use case").fill("Order updates and weekly offers");
  await page
    .getByLabel("Sample message")
    .fill("Bean There: your latte is ready at the counter! Reply STOP to opt out.");
  await page
    .getByLabel("How subscribers opt in")
    .fill("Customers text JOIN to our number or tick a box at checkout.");
  await page.getByRole("button", { name: "Submit verification" }).click();
  await expect(page.getByText("Verification submitted for review")).toBeVisible();
  await expect(page.getByTestId("tf-status")).toHaveText("In review");
  await keepScreenshot(page, "toll-free-details-desktop");

  await page.getByRole("button", { name: "Release number" }).click();
  await page
    .getByRole("dialog", { name: `Release ${shown}?` })
    .getByRole("button", { name: "Release number" })
    .click();
  await expect(page).toHaveURL(/\/dedicated-numbers$/);
  expect(errors).toEqual([]);
});

test("an unknown number shows a clean not-found state", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/dedicated-numbers/details/999999/15125550100");
  await expect(page.getByTestId("number-not-found")).toContainText("Number not found");
  await page.getByRole("button", { name: "Back to Dedicated Numbers" }).click();
  await expect(page).toHaveURL(/\/dedicated-numbers$/);
  expect(errors).toEqual([]);
});

test("number registration checks the EIN, ZIP and website as the spec says", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/number-registration");
  await expect(page.getByRole("heading", { name: "Number Registration", level: 1 })).toBeVisible();
  await expect(page.getByTestId("registration-status")).toBeVisible();
  const brand = page.getByRole("form", { name: "Brand" });
  await brand.getByLabel("EIN").fill("123");
  await brand.getByLabel("ZIP code").fill("1234");
  await brand.getByLabel("Website").fill("beanthere");
  await brand.getByRole("button", { name: "Submit brand" }).click();
  await expect(brand.getByText("Enter a valid EIN (12-3456789)")).toBeVisible();
  await expect(brand.getByText("Enter a valid ZIP code (12345 or 12345-6789)")).toBeVisible();
  await expect(
    brand.getByText("Enter a valid URL starting with http:// or https://"),
  ).toBeVisible();
  await expect(brand.getByText("Street address is required")).toBeVisible();
  await expect(brand.getByText("Choose a state")).toBeVisible();
  // Two digits, a dash, seven digits (the dash is optional); 5 + 4 digit ZIP.
  await brand.getByLabel("EIN").fill("12-3456789");
  await brand.getByLabel("ZIP code").fill("78701-1234");
  await expect(brand.getByText("Enter a valid EIN (12-3456789)")).toBeHidden();
  await expect(brand.getByText("Enter a valid ZIP code (12345 or 12345-6789)")).toBeHidden();
  // The campaign waits for the brand.
  await expect(page.getByText("Submit your brand first")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit campaign" })).toHaveCount(0);
  await keepScreenshot(page, "number-registration-desktop");
  await page.setViewportSize(MOBILE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, "number-registration-mobile");
  expect(errors).toEqual([]);
});

test("a user who is not the owner sees the numbers read-only", async ({ page }) => {
  // Inviting users has no screen yet: a manager is added straight into the e2e database.
  const manager = { username: "numbers-manager", password: "manager-pass-1" };
  const client = new pg.Client({
    connectionString: `postgres://postgres:parley@127.0.0.1:${Number(process.env.PARLEY_E2E_PORT) + 20_000}/parley`,
  });
  await client.connect();
  try {
    await client.query(
      `insert into users (account_id, username, email, password_hash, first_name, permission_level)
       select id, $1, $2, $3, 'Morgan', 2 from accounts where account_name = 'parley-demo'
       on conflict do nothing`,
      [manager.username, `${manager.username}@parley.local`, await hash(manager.password)],
    );
  } finally {
    await client.end();
  }
  const errors = watchConsole(page);
  await page.goto("/auth/login");
  await logIn(page, manager);
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await page.goto("/dedicated-numbers");
  const first = page.getByRole("row").nth(1);
  await expect(first).toBeVisible();
  await expect(page.getByRole("button", { name: "Buy a number" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Rename / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Release / })).toHaveCount(0);
  await first.getByRole("link").first().click();
  await expect(page.getByTestId("details-number")).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit name" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Release number" })).toHaveCount(0);
  expect(errors).toEqual([]);
});
