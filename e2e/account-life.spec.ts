import { expect, test } from "@playwright/test";
import { keepScreenshot, MOBILE, skipBrandPrompt, watchConsole } from "./support";

/**
 * A business's first steps: sign up, verify the e-mail in the local mailbox shown by the
 * verification dialog, land signed in; save settings; a declined card, then a good one.
 */
test("sign up, verify, settings, a declined card then a good one", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const email = `owner${Date.now()}@bakery.test`;

  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/admin-signup$/);
  await page.getByRole("button", { name: "Start My Free Trial" }).click();
  await expect(page.getByText("Business name is required")).toBeVisible();

  await page.getByLabel(/^First name/).fill("Rosa");
  await page.getByLabel(/^Last name/).fill("Baker");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill("bread-and-butter");
  await page.getByLabel(/^Business name/).fill("Rosa's Bakery");
  await page.getByRole("combobox", { name: "Industry" }).click();
  await page.getByRole("option").first().click();
  // The time zone picker holds every zone: search it by city.
  await page.getByRole("combobox", { name: "Time zone" }).fill("los angeles");
  await page.getByRole("option", { name: "Pacific Time — Los Angeles" }).click();
  await page.getByLabel(/^Business phone/).fill("(415) 555-0142");
  await page.getByRole("button", { name: "Start My Free Trial" }).click();

  const dialog = page.getByTestId("verification-sent");
  await expect(dialog.getByText("Verify your e-mail address")).toBeVisible();
  await dialog.getByRole("link", { name: "Open the link in this mail" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText("Rosa's Bakery").first()).toBeVisible();

  // Settings: saved and still there after a reload.
  await page.goto("/settings");
  await skipBrandPrompt(page);
  const quiet = page.getByRole("region", { name: "Quiet hours" });
  await quiet.getByRole("button", { name: "Add Window" }).click();
  await quiet.getByLabel("Window 1 from").fill("21:30");
  await quiet.getByLabel("Window 1 until").fill("07:45");
  await quiet.getByRole("button", { name: "Save Quiet Hours" }).click();
  await expect(page.getByText("Quiet hours saved")).toBeVisible();
  const help = page.getByRole("region", { name: "HELP answers" });
  await help.getByLabel("Support contact").fill("hello@rosasbakery.test");
  await help.getByRole("button", { name: "Save HELP Answers" }).click();
  await expect(page.getByText("HELP answers saved")).toBeVisible();
  const profile = page.getByRole("region", { name: "Business profile" });
  await expect(profile.getByRole("link", { name: "/subscribe/rosas-bakery" })).toBeVisible();
  await profile.getByLabel("Business name").fill("Rosa's Bakery & Cafe");
  await profile.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Your business profile has been saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Window 1 from")).toHaveValue("21:30");
  await expect(page.getByLabel("Window 1 until")).toHaveValue("07:45");
  await expect(page.getByLabel("Support contact")).toHaveValue("hello@rosasbakery.test");
  await expect(page.getByLabel("Business name")).toHaveValue("Rosa's Bakery & Cafe");
  await keepScreenshot(page, "settings");

  // Billing: a declined card, then a card that pays; the upgrade charges it.
  await page.goto("/billing/payment-method");
  const fillCard = async (number: string) => {
    await page.getByLabel("Name on card").fill("Rosa Baker");
    await page.getByLabel("Card number").fill(number);
    await page.getByLabel("Month").fill("12");
    await page.getByLabel("Year").fill(String(new Date().getFullYear() + 2));
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Save Card" }).click();
  };
  await fillCard("4000 0000 0000 0002");
  await expect(
    page.getByRole("alert").filter({ hasText: "Oops, your card was declined!" }),
  ).toBeVisible();
  await fillCard("4242 4242 4242 4242");
  await expect(page.getByTestId("card-on-file")).toHaveText("On file: Visa ending in 4242");
  await page.goto("/billing/manage-subscription/upgrade");
  await page.getByTestId("plan-starter").getByRole("button", { name: "Choose Starter" }).click();
  await page.getByTestId("confirm-charge").getByRole("button", { name: "Pay $29.00" }).click();
  await expect(page).toHaveURL(/\/billing\/summary/);
  await expect(page.getByText("Starter", { exact: true })).toBeVisible();
  await page.goto("/billing/payment-history");
  await expect(page.getByRole("link", { name: /^INV-\d+$/ })).toBeVisible();
  await expect(page.getByText("$29.00")).toBeVisible();
  await keepScreenshot(page, "payment-history");

  await page.setViewportSize(MOBILE);
  await page.goto("/notifications");
  await expect(page.getByRole("button", { name: "Mark all as read" })).toBeVisible();
  await keepScreenshot(page, "notifications-mobile");
  expect(errors.filter((e) => !/402|Failed to load resource/.test(e))).toEqual([]);
});
