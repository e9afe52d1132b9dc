import { expect, type Page, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

// Every name carries this run's stamp, so the spec never meets another spec's data (or its own
// from an earlier run) and can search the table down to its own rows.
const stamp = Date.now().toString(36).slice(-5);
const named = (name: string) => `${name} ${stamp}`;

// Each journey makes several writes through the UI; a busy CI machine needs more than 30 s.
test.describe.configure({ timeout: 60_000 });

/** Console errors other than the one request this spec makes fail on purpose (a 409). */
function unexpected(errors: string[]) {
  return errors.filter((e) => !/status of 409/.test(e));
}

const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

async function openAttributes(page: Page) {
  await page.goto("/subscribers/attributes");
  await expect(
    page.getByRole("heading", { name: "Subscriber Attributes", level: 1 }),
  ).toBeVisible();
  await page.getByLabel("Search attributes").fill(stamp);
}

async function createField(page: Page, name: string, type: string, options: string[] = []) {
  await page.getByRole("button", { name: "New attribute" }).click();
  const dialog = page.getByRole("dialog", { name: "New attribute" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("radio", { name: type }).check();
  for (const option of options) {
    await dialog.getByLabel("New option").fill(option);
    await dialog.getByLabel("New option").press("Enter");
  }
  await dialog.getByRole("button", { name: "Create attribute" }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, name)).toBeVisible();
}

test("creates a field of each type and lists it with its type", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page);
  await openAttributes(page);
  const fields: [string, string, string[]][] = [
    [named("Nickname"), "Text", []],
    [named("Member"), "True / False", []],
    [named("Renewal"), "Date", []],
    [named("Sizes"), "Multi-select", ["Small", "Medium", "Large"]],
    [named("Home"), "Address", []],
  ];
  for (const [name, type, options] of fields) await createField(page, name, type, options);
  for (const [name, type] of fields) {
    await expect(rowOf(page, name)).toContainText(type);
  }
  await expect(rowOf(page, named("Sizes"))).toContainText("SmallMediumLarge");
  await expect(rowOf(page, named("Home"))).toContainText("street, city, state, zip");
  await keepScreenshot(page, "attributes-desktop");
  expect(unexpected(errors)).toEqual([]);
});

test("says what is wrong before saving, and a taken name after", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page);
  await openAttributes(page);
  await page.getByRole("button", { name: "New attribute" }).click();
  const dialog = page.getByRole("dialog", { name: "New attribute" });
  await dialog.getByRole("button", { name: "Create attribute" }).click();
  await expect(dialog.getByText("Field name is required")).toBeVisible();

  await dialog.getByLabel("Name").fill(named("Flavours"));
  await dialog.getByRole("radio", { name: "Multi-select" }).check();
  await dialog.getByRole("button", { name: "Create attribute" }).click();
  await expect(dialog.getByText("Add at least one option")).toBeVisible();

  await dialog.getByLabel("New option").fill("Vanilla");
  await dialog.getByLabel("New option").press("Enter");
  await dialog.getByLabel("New option").fill("vanilla");
  await dialog.getByLabel("New option").press("Enter");
  await expect(dialog.getByText("Option 'vanilla' is listed twice")).toBeVisible();
  await dialog.getByLabel("New option").fill("");

  // The address type explains how an address is written, and shows the parts it reads.
  await dialog.getByRole("radio", { name: "Address" }).check();
  await expect(dialog.getByText("'street, city, state, zip'")).toBeVisible();
  await dialog.getByLabel("Try an address").fill("9 Elm Rd, Springfield, IL 62701");
  await expect(dialog.getByTestId("address-parts")).toContainText("Springfield");
  await expect(dialog.getByTestId("address-parts")).toContainText("62701");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await createField(page, named("Code"), "Text");
  await page.getByRole("button", { name: "New attribute" }).click();
  await dialog.getByLabel("Name").fill(named("code").toUpperCase());
  await dialog.getByRole("button", { name: "Create attribute" }).click();
  await expect(
    dialog.getByText(`An attribute named '${named("code").toUpperCase()}' already exists.`),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect(unexpected(errors)).toEqual([]);
});

test("edits a multi-select's options: add, reorder, remove; the type stays", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page);
  await openAttributes(page);
  const name = named("Roast");
  await createField(page, name, "Multi-select", ["Light", "Medium", "Dark"]);
  await rowOf(page, name)
    .getByRole("button", { name: `Edit ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit attribute" });
  await expect(dialog.getByRole("radio", { name: "Text" })).toBeDisabled();
  await dialog.getByLabel("New option").fill("Espresso");
  await dialog.getByRole("button", { name: "Add option" }).click();
  await dialog.getByRole("button", { name: "Move Dark up" }).click();
  await dialog.getByRole("button", { name: "Remove Light" }).click();
  await dialog.getByLabel("Option 1").fill("Dark roast");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, name)).toContainText("Dark roastMediumEspresso");

  // Every option removed: the field would hold nothing, so Save refuses.
  await rowOf(page, name)
    .getByRole("button", { name: `Edit ${name}` })
    .click();
  for (const option of ["Dark roast", "Medium", "Espresso"]) {
    await dialog.getByRole("button", { name: `Remove ${option}` }).click();
  }
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Add at least one option")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect(errors).toEqual([]);
});

test("deletes a field after a confirmation that its values are lost", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page);
  await openAttributes(page);
  const name = named("Old field");
  await createField(page, name, "Text");
  await rowOf(page, name)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete attribute" });
  await expect(confirm).toContainText(
    "values stored for your subscribers in this attribute are lost",
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(rowOf(page, name)).toBeVisible();
  await rowOf(page, name)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  await confirm.getByRole("button", { name: "Delete attribute" }).click();
  await expect(page.getByText(`Attribute '${name}' deleted`)).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);
  await page.getByLabel("Search attributes").fill(`${stamp} no such field`);
  await expect(page.getByText("No matching records found!")).toBeVisible();
  expect(errors).toEqual([]);
});

test("works at 390 px wide", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await logInAsDemo(page);
  await openAttributes(page);
  const name = named("Cups");
  await createField(page, name, "Multi-select", ["Small", "Large"]);
  // No Type column at this width: the type is written under the name.
  await expect(rowOf(page, name)).toContainText("Multi-select · 2 options");
  await keepScreenshot(page, "attributes-mobile");
  await page.getByRole("button", { name: "New attribute" }).click();
  await page.getByRole("dialog").getByRole("radio", { name: "Multi-select" }).check();
  await keepScreenshot(page, "attributes-modal-mobile");
});
