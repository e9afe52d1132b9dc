import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

test("exports started through the API show in the history and download", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page);
  // Exports are started from Manage Subscribers; here straight through the API.
  const started = await page.request.post("/api/subscribers/exports", {
    headers: { "x-parley-csrf": "1" },
    data: { selection: { mode: "all", filter: {} } },
  });
  expect(started.status()).toBe(201);
  const { id, createdBy } = await started.json();
  expect(createdBy).toBe("Dana Demo");

  // The Sent Messages screen's CSV is an export like any other, listed beside it.
  const sent = await page.request.post("/api/reports/sent-messages/export", {
    headers: { "x-parley-csrf": "1" },
  });
  expect(sent.status()).toBe(201);

  await page.goto("/reports/export-history");
  const sentRow = page.getByRole("row").filter({ hasText: `sent-messages-` });
  await expect(sentRow.first()).toContainText("Sent messages", { timeout: 15_000 });
  const fileName = new RegExp(`subscribers-\\d{4}-\\d{2}-\\d{2}-${id}\\.csv`);
  const row = page.getByRole("row").filter({ hasText: fileName });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId("export-status").filter({ visible: true })).toHaveText("Ready");
  await expect(row).toContainText("Dana Demo");
  await keepScreenshot(page, "export-history-desktop");

  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: /^Download / }).click();
  const file = readFileSync(await (await download).path(), "utf8");
  // UTF-8 with its BOM (Excel then reads accents and emoji); the time column names the zone.
  expect(file.split("\n")[0]).toMatch(
    /^\uFEFFPhone Number,First Name,Last Name,Email,Sign Up Method,Date \(America\/[A-Za-z_]+\),/,
  );

  await page.setViewportSize(MOBILE);
  await expect(row.getByRole("link", { name: /^Download / })).toBeVisible();
  await keepScreenshot(page, "export-history-mobile");
  expect(errors).toEqual([]);
});
