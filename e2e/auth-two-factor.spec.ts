import { expect, type Page, test } from "@playwright/test";
import { generate } from "otplib";
import { DEMO, keepScreenshot, logIn, logInAsDemo, MOBILE, watchConsole } from "./support";

let secret = "";

async function typeCode(page: Page, code: string) {
  await page.getByRole("textbox").first().click();
  await page.keyboard.type(code);
}

// Whatever happens above, the demo owner ends without two-factor: later specs log in as demo.
test.afterAll(async ({ request }) => {
  if (!secret) return;
  const headers = { "x-parley-csrf": "1" };
  const login = await request.post("/api/auth/login", { data: DEMO, headers });
  if ((await login.json()).twoFactorRequired) {
    await request.post("/api/auth/tfa/validate", {
      data: { token: await generate({ secret }) },
      headers,
    });
  }
  await request.post("/api/auth/two-factor/disable", {
    data: { password: DEMO.password },
    headers,
  });
});

test("the demo owner turns on an authenticator app, signs in with it and remembers the device", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/settings/security");
  await expect(page).toHaveTitle("Security | Parley");
  await expect(page.getByTestId("tfa-status")).toHaveText("Off");
  await page.getByRole("button", { name: "Use an Authenticator App" }).click();
  const dialog = page.getByRole("dialog", { name: "Set up an authenticator app" });
  await expect(
    dialog.getByRole("img", { name: "QR code for your authenticator app" }),
  ).toBeVisible();
  secret = (await dialog.getByTestId("totp-secret").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await keepScreenshot(page, "two-factor-setup-desktop");
  await typeCode(page, "000000");
  await dialog.getByRole("button", { name: "Turn On" }).click();
  await expect(dialog.getByTestId("setup-error")).toHaveText("Invalid authentication code");
  await typeCode(page, await generate({ secret }));
  await dialog.getByRole("button", { name: "Turn On" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("tfa-status")).toHaveText("On");
  await keepScreenshot(page, "security-desktop");

  // Signing in now asks for the code.
  await page.context().clearCookies();
  await page.goto("/auth/login");
  await logIn(page);
  const step = page.getByTestId("two-factor-step");
  await expect(step).toContainText("Enter the 6-digit code from your authenticator app.");
  await expect(step.getByRole("button", { name: "Verify" })).toBeDisabled();
  await typeCode(page, "000000");
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("tfa-error")).toHaveText("Invalid authentication code");
  await keepScreenshot(page, "two-factor-login-desktop");
  await typeCode(page, await generate({ secret }));
  await step.getByLabel("Remember this device for 30 days").check();
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The remembered device goes straight in.
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard/);

  // Turning it off asks for the password.
  await page.goto("/settings/security");
  await page.getByRole("button", { name: "Turn Off" }).click();
  const off = page.getByRole("dialog", { name: "Turn off two-factor authentication" });
  await off.getByLabel("Password", { exact: true }).fill("wrong-password");
  await off.getByRole("button", { name: "Turn Off" }).click();
  await expect(off.getByText("That password is not right.")).toBeVisible();
  await off.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await off.getByRole("button", { name: "Turn Off" }).click();
  await expect(page.getByTestId("tfa-status")).toHaveText("Off");
  secret = "";
  // A query still in flight when the session ends may answer 401: not an error here.
  expect(errors.filter((e) => !e.includes("400") && !e.includes("401"))).toEqual([]);
});

test("the security page fits a phone", async ({ browser }) => {
  const page = await browser.newPage({ viewport: MOBILE });
  await logInAsDemo(page, "/settings/security");
  await expect(page.getByRole("button", { name: "Use Text Messages" })).toBeInViewport();
  await keepScreenshot(page, "security-mobile");
  await page.getByRole("button", { name: "Use Text Messages" }).click();
  await expect(page.getByRole("button", { name: "Send Code" })).toBeVisible();
  // Let the sheet finish sliding in before the picture.
  await page.waitForTimeout(500);
  await keepScreenshot(page, "two-factor-sms-setup-mobile");
  await page.close();
});
