import { expect, type Page, test } from "@playwright/test";
import { DEMO, keepScreenshot, logIn, logInAsDemo, MOBILE, watchConsole } from "./support";

const DEMO_EMAIL = "demo@parley.local";

/** Opens the local mailbox as the demo owner and returns the in-app path of the newest reset link. */
async function resetLinkFromMailbox(page: Page): Promise<string> {
  await page.goto("/mailbox");
  await expect(page.getByRole("heading", { name: "Mailbox", level: 2 })).toBeVisible();
  const item = page
    .getByTestId("mail-item")
    .filter({ hasText: "Reset your Parley password" })
    .filter({ hasText: DEMO_EMAIL })
    .first();
  await item.click();
  const link = page.getByTestId("mail-view").getByTestId("mail-link");
  await expect(link).toHaveText(/\/auth\/reset-password\?token=/);
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/auth\/reset-password\?token=[\w-]+$/);
  return href!;
}

test("a forgotten password is reset through the link in the local mailbox", async ({
  page,
  browser,
}) => {
  // Two browsers and a few argon2 hashes: more than the default on a busy machine.
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page).toHaveTitle("Forgot Password | Parley");

  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await page.getByLabel("Email").fill("not-an-address");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Invalid Email Address")).toBeVisible();
  await keepScreenshot(page, "forgot-password-desktop");

  await page.getByLabel("Email").fill(DEMO_EMAIL);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByTestId("forgot-sent")).toContainText(
    `If an account exists for ${DEMO_EMAIL}, we've sent it a link to reset the password.`,
  );
  // No mail server on this local install: the reset mail is shown right here, as sign-up does.
  const preview = page.getByTestId("pending-mail");
  await expect(preview).toContainText("Local mailbox (no mail server is set up)");
  await expect(preview).toContainText("Reset your Parley password");
  const shown = await preview
    .getByRole("link", { name: "Open the link in this mail" })
    .getAttribute("href");
  await keepScreenshot(page, "forgot-password-local-mail-desktop");

  // The same mail is in the owner's local mailbox (another browser).
  const owner = await browser.newPage();
  await logInAsDemo(owner);
  const link = await resetLinkFromMailbox(owner);
  expect(shown).toBe(link);
  await keepScreenshot(owner, "mailbox-desktop");

  await page.goto(link);
  await expect(page).toHaveTitle("Reset Password | Parley");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("New Password is required", { exact: true })).toBeVisible();
  await expect(page.getByText("Confirm New Password is required")).toBeVisible();
  await page.getByLabel("New Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm New Password").fill("short");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password should have at least 8 characters")).toBeVisible();
  await page.getByLabel("New Password", { exact: true }).fill(DEMO.password);
  await page.getByLabel("Confirm New Password").fill(`${DEMO.password}x`);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Passwords do not match. Please try again.")).toBeVisible();
  await keepScreenshot(page, "reset-password-desktop");

  // The same password as before keeps the other specs' login working.
  await page.getByLabel("Confirm New Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByTestId("reset-done")).toBeVisible();
  // Every session of the user ended, the owner's other browser too.
  await owner.reload();
  await expect(owner).toHaveURL(/\/auth\/login/);
  await owner.close();

  await page.getByRole("link", { name: "Log In" }).click();
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel("New Password", { exact: true }).fill("another-password");
  await page.getByLabel("Confirm New Password").fill("another-password");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByTestId("form-error")).toContainText(
    "This password reset link has expired or was already used.",
  );
  // The old tab's session ended with the reset: its next call answers 401 and it goes to login.
  expect(errors.filter((e) => !e.includes("404") && !e.includes("401"))).toEqual([]);
});

test("a reset page without a token says to start again", async ({ page }) => {
  await page.goto("/auth/reset-password");
  await expect(page.getByTestId("reset-invalid")).toContainText(
    "Invalid request. Please start a new request to reset password.",
  );
});

test("forgot and reset password and the mailbox fit a phone", async ({ browser }) => {
  const page = await browser.newPage({ viewport: MOBILE });
  await page.goto("/auth/forgot-password");
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeInViewport();
  await keepScreenshot(page, "forgot-password-mobile");
  // An address without an account gets the same answer and no mail to show.
  await page.getByLabel("Email").fill("nobody-here@nowhere.test");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByTestId("forgot-sent")).toContainText(
    "If an account exists for nobody-here@nowhere.test",
  );
  await page.waitForTimeout(3500);
  await expect(page.getByTestId("pending-mail")).toHaveCount(0);
  await keepScreenshot(page, "forgot-password-sent-mobile");
  await page.goto("/auth/reset-password?token=example");
  await expect(page.getByRole("button", { name: "Reset Password" })).toBeInViewport();
  await keepScreenshot(page, "reset-password-mobile");
  await logInAsDemo(page, "/mailbox");
  await page.getByTestId("mail-item").first().click();
  await expect(page.getByTestId("mail-view")).toBeInViewport();
  await expect(page.getByTestId("mail-list")).toBeHidden();
  await keepScreenshot(page, "mailbox-mobile");
  await page.close();
});
