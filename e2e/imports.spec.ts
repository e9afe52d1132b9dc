import { readFileSync } from "node:fs";
import { Workbook } from "@cj-tech-master/excelts";
import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

// Numbers ending 01xx are never seeded (the demo's end 0200-0999); the stamp keeps runs apart.
const stamp = Date.now() % 90;
const annPhone = `(212) 555-01${String(stamp + 10).padStart(2, "0")}`;
const bobPhone = `310.555.01${String(stamp + 10).padStart(2, "0")}`;
const fileName = `e2e-import-${Date.now()}.csv`;

test("a CSV is uploaded, mapped, attested, imported live, and listed in the history", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/subscribers/import");
  await expect(page.getByText("Drag a CSV or Excel file here")).toBeVisible();
  await keepScreenshot(page, "import-upload-desktop");

  // "Given" is no name the guess knows: the person maps it by hand.
  const csv = [
    "Phone,Given,Surname,Email",
    `${annPhone},Ann,Import,ann.import@example.com`,
    "not a phone,Cy,Import,",
    `${bobPhone},Bob,Import,`,
  ].join("\n");
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv) });

  const mapping = page.getByTestId("column-mapping");
  await expect(mapping).toBeVisible();
  await expect(page.getByTestId("import-file-name")).toHaveText(fileName);
  await expect(page.getByTestId("import-preview")).toContainText("not a phone");
  await expect(page.getByRole("combobox", { name: "Import Phone as" })).toHaveValue("Phone number");
  await expect(page.getByRole("combobox", { name: "Import Surname as" })).toHaveValue("Last name");
  await expect(page.getByRole("combobox", { name: "Import Given as" })).toHaveValue("Don't import");
  await page.getByRole("combobox", { name: "Import Given as" }).click();
  await page.getByRole("option", { name: "First name" }).click();
  await expect(page.getByRole("combobox", { name: "Import Given as" })).toHaveValue("First name");
  await keepScreenshot(page, "import-map-desktop");

  // Without a phone column the flow cannot go on.
  await page.getByRole("combobox", { name: "Import Phone as" }).click();
  await page.getByRole("option", { name: "Don't import" }).click();
  await expect(page.getByTestId("mapping-error")).toHaveText("Map one column to the phone number");
  await expect(page.getByRole("button", { name: "Next: options" })).toBeDisabled();
  await page.getByRole("combobox", { name: "Import Phone as" }).click();
  await page.getByRole("option", { name: "Phone number" }).click();

  await page.getByRole("button", { name: "Next: options" }).click();
  await expect(page).toHaveURL(/\/subscribers\/import\/advanced-options$/);
  await expect(page.getByTestId("mapping-summary")).toContainText("First name ← Given");
  // The attestation is required.
  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page.getByText("Confirm this to start the import.")).toBeVisible();
  await keepScreenshot(page, "import-options-desktop");
  await page
    .getByLabel(
      "Please confirm that every subscriber in this file agreed to receive text messages from you.",
    )
    .check();
  await page.getByRole("button", { name: "Start import" }).click();

  await expect(page).toHaveURL(/\/subscribers\/import\?import=\d+$/);
  await expect(page.getByText("Import finished")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("count-added")).toContainText("2");
  await expect(page.getByTestId("count-failed")).toContainText("1");
  await expect(page.getByTestId("import-status")).toHaveText("Finished");
  await keepScreenshot(page, "import-done-desktop");

  // The failed rows file names each refused row and why.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download failed rows" }).click();
  const file = readFileSync(await (await download).path(), "utf8");
  expect(file.trim().split("\n")).toEqual([
    "Phone,Given,Surname,Email,reason",
    "not a phone,Cy,Import,,Not a valid US or Canada mobile number",
  ]);

  await page.getByRole("link", { name: "View import history" }).click();
  await expect(page).toHaveURL(/\/subscribers\/import\/history$/);
  const row = page.getByRole("row").filter({ hasText: fileName });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("import-status").filter({ visible: true })).toHaveText("Finished");
  await expect(
    row.getByRole("link", { name: `Download failed rows of ${fileName}` }),
  ).toBeVisible();
  await keepScreenshot(page, "import-history-desktop");

  await page.setViewportSize(MOBILE);
  await expect(row.getByText("2 added · 0 updated · 0 skipped · 1 failed")).toBeVisible();
  await keepScreenshot(page, "import-history-mobile");
  await page.goto("/subscribers/import");
  await expect(page.getByText("Drag a CSV or Excel file here")).toBeVisible();
  await keepScreenshot(page, "import-upload-mobile");
  expect(errors).toEqual([]);
});

test("an Excel workbook is previewed from what the server read", async ({ page }) => {
  await logInAsDemo(page, "/subscribers/import");
  const wb = new Workbook();
  const sheet = wb.addWorksheet("People");
  sheet.addRow(["Cell phone", "First name"]);
  // Excel keeps a typed phone number as a number: it must not come back as 2.125550199e9.
  sheet.addRow([2125550199, "Xena"]);
  await page.locator('input[type="file"]').setInputFiles({
    name: "people.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  });
  await expect(page.getByTestId("import-preview")).toContainText("2125550199");
  await expect(page.getByRole("combobox", { name: "Import Cell phone as" })).toHaveValue(
    "Phone number",
  );
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "import-map-mobile");
  // Leaving the file discards the upload; the history does not keep it.
  await page.getByRole("button", { name: "Choose another file" }).click();
  await expect(page.getByText("Drag a CSV or Excel file here")).toBeVisible();
});

test("a wrong file type or an empty file is refused with a clear message", async ({ page }) => {
  await logInAsDemo(page, "/subscribers/import");
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({
    name: "notes.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4"),
  });
  await expect(page.getByTestId("upload-error")).toContainText(
    "Only CSV and Excel (.xlsx) files can be imported.",
  );
  await input.setInputFiles({ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.from("") });
  await expect(page.getByTestId("upload-error")).toContainText(
    "This file is empty: there are no rows to import.",
  );
});
