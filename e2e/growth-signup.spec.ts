import { expect, test } from "@playwright/test";
import { logInAsDemo, MOBILE, watchConsole } from "./support";
import { uniquePhone } from "./virtual-phone";

// The public sign-up page (spec doc 3 §5, §8): texts in English and Spanish, then a real sign-up.
test("the sign-up page checks its fields in EN and ES and signs a visitor up", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const visitor = await browser.newContext({ viewport: MOBILE });
  const page = await visitor.newPage();
  const errors = watchConsole(page);

  await page.goto("/subscribe/parley-demo?lang=ES");
  await expect(page.getByRole("heading", { name: "Parley Demo Coffee Co." })).toBeVisible();
  // The business's page carries the business's name in the tab, not Parley's.
  await expect(page).toHaveTitle("Parley Demo Coffee Co.");
  await expect(page.getByTestId("consent-line")).toContainText(
    "Pueden aplicarse tarifas de mensajes y datos",
  );
  // The bot check (proof of work) runs on load; the button waits for the widget.
  await page.getByLabel("Número de teléfono").fill("12");
  await page.getByRole("button", { name: "Suscribirse" }).click();
  await expect(page.getByText("Nombre es obligatorio")).toBeVisible();
  await expect(page.getByText("Número de teléfono no válido")).toBeVisible();
  await expect(page.getByText("Por favor, complete todos los campos obligatorios.")).toBeVisible();

  await page.getByText("English", { exact: true }).click();
  await expect(page).toHaveURL(/lang=EN/);
  await page.getByLabel("Phone Number").fill("12");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("First Name is required")).toBeVisible();
  await expect(page.getByText("Last Name is required")).toBeVisible();
  await expect(page.getByText("Invalid Phone Number")).toBeVisible();
  await expect(page.getByText("Invalid Email")).toBeVisible();
  await expect(page.getByText("Please fill out all required fields.")).toBeVisible();

  const digits = uniquePhone().slice(2);
  const last = `Signup${digits.slice(-4)}`;
  await page.getByLabel("First Name").fill("Rosa");
  await page.getByLabel("Last Name").fill(last);
  await page.getByLabel("Email").fill(`rosa.${digits}@example.com`);
  await page.getByLabel("Phone Number").fill(digits);
  await expect(page.getByText("Verified")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByTestId("signup-result")).toHaveText(
    "You're signed up! Watch for a text from us.",
  );
  expect(errors).toEqual([]);
  await visitor.close();

  // The business sees the new subscriber with the method 'Sign Up Form'.
  const owner = await browser.newPage();
  await logInAsDemo(owner);
  await owner.goto(`/subscribers/manage?q=${digits}`);
  const row = owner.getByRole("row").filter({ hasText: last });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText("Sign Up Form");
});
