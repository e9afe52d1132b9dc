import { expect, test } from "@playwright/test";
import { keepScreenshot, MOBILE, watchConsole } from "./support";

test("the activation page checks the password and refuses an unknown link", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/auth/activate?email=owner%40example.test&u=not-a-real-token");
  await expect(page).toHaveTitle("Activate Account | Parley");
  await expect(page.getByLabel("Email")).toHaveValue("owner@example.test");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Activate Account" }).click();
  await expect(page.getByText("Password should have at least 8 characters")).toBeVisible();
  await keepScreenshot(page, "activate-desktop");
  await page.getByLabel("Password", { exact: true }).fill("long-enough-password");
  await page.getByRole("button", { name: "Activate Account" }).click();
  await expect(page.getByTestId("form-error")).toHaveText(
    "This activation link has expired or was already used. Please contact support for a new one.",
  );
  expect(errors.filter((e) => !e.includes("404"))).toEqual([]);

  await page.goto("/auth/activate");
  await expect(page.getByTestId("activate-invalid")).toBeVisible();
});

test("the activation page fits a phone", async ({ browser }) => {
  const page = await browser.newPage({ viewport: MOBILE });
  await page.goto("/auth/activate?email=owner%40example.test&u=token");
  await expect(page.getByRole("button", { name: "Activate Account" })).toBeInViewport();
  await keepScreenshot(page, "activate-mobile");
  await page.close();
});
