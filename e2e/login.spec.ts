import { expect, test } from "@playwright/test";
import { DEMO, keepScreenshot, logIn, logInAsDemo, MOBILE, watchConsole } from "./support";

test("the demo owner logs in and lands on the dashboard", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/auth/login");
  await expect(page).toHaveTitle("Login | Parley");
  await keepScreenshot(page, "login-desktop");
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle("Dashboard | Parley");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("only the login page may be indexed", async ({ page }) => {
  await page.goto("/auth/login");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
  const response = await page.request.get("/dashboard");
  expect(response.headers()["x-robots-tag"]).toBe("noindex");
  const login = await page.request.get("/auth/login");
  expect(login.headers()["x-robots-tag"]).toBeUndefined();
});

test("an anonymous visitor is sent to login and brought back with redirectTo", async ({ page }) => {
  await page.goto("/reports/opt-outs?range=30");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Freports%2Fopt-outs%3Frange%3D30$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/reports\/opt-outs\?range=30$/);
  await expect(page).toHaveTitle("Opt-Outs | Parley");
});

test("the bare root opens the dashboard", async ({ page }) => {
  await logInAsDemo(page, "/");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("login shows the spec's validation and credential messages", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page.getByText("Email / Username Is Required")).toBeVisible();
  await expect(page.getByText("Password Is Required")).toBeVisible();

  await logIn(page, { username: DEMO.username, password: "wrong-password" });
  await expect(page.getByTestId("login-error")).toHaveText("Invalid Email / Username or Password");
  await expect(page).toHaveURL(/\/auth\/login/);
});

test("logging out ends the session", async ({ page }) => {
  await logInAsDemo(page);
  // The menu also says which release the server runs, and under which licence.
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "About Parley" }).click();
  const about = page.getByRole("dialog", { name: "About Parley" });
  await expect(about.getByTestId("about-version")).toHaveText(/^Parley \d+\.\d+\.\d+$/);
  await expect(about).toContainText("GNU Affero General Public License, version 3");
  await about.getByRole("button", { name: "Close" }).click();
  await expect(about).toBeHidden();
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  await page.goto("/inbox");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Finbox$/);
});

test("login on a phone shows the form alone", async ({ browser }) => {
  const page = await browser.newPage({ viewport: MOBILE });
  await page.goto("/auth/login");
  await expect(page.getByRole("button", { name: "Log In", exact: true })).toBeInViewport();
  await keepScreenshot(page, "login-mobile");
  await page.close();
});
