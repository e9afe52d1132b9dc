import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";
import { CSRF, received, uniquePhone } from "./virtual-phone";

test("a two-step drip made on the page texts a new group member, and the next day's step when the clock moves", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const groupName = `Drip club ${Date.now() % 100000}`;
  const group = await page.request.post("/api/groups", {
    headers: CSRF,
    data: { name: groupName },
  });
  expect(group.status()).toBe(201);
  const groupId = ((await group.json()) as { id: number }).id;

  await page.goto("/messages/drip-campaigns");
  await expect(page.getByRole("heading", { name: "Drip Campaigns", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Create Drip Campaign" }).first().click();
  await page.getByLabel("Name").fill("Two-step welcome");
  await page.getByRole("combobox", { name: "Group" }).click();
  await page.getByRole("option", { name: groupName }).click();
  await page.getByLabel("Step 1 text").fill("Welcome to the club!");
  await page.getByRole("button", { name: "Add Step" }).click();
  await expect(page.getByTestId("drip-step")).toHaveCount(2);
  await page.getByLabel("Step 2 text").fill("Day two: 10% off today.");
  await keepScreenshot(page, "drip-editor");
  await page.getByRole("button", { name: "Save and Start" }).click();
  await expect(page).toHaveURL(/\/messages\/drip-campaigns$/);
  const row = page.getByRole("row").filter({ hasText: "Two-step welcome" });
  await expect(row).toContainText("Running");

  // Someone joins the group: the first text comes at once.
  const phone = uniquePhone();
  const created = await page.request.post("/api/subscribers", {
    headers: CSRF,
    data: { attestation: true, number: phone, firstName: "Dana", groupIds: [groupId] },
  });
  expect(created.status(), await created.text()).toBe(201);
  await expect
    .poll(() => received(page, phone), { timeout: 20_000 })
    .toEqual(["Welcome to the club!"]);

  // A day later (the test clock moves): the second step.
  await page.getByRole("button", { name: "+1 day" }).click();
  await expect
    .poll(() => received(page, phone), { timeout: 20_000 })
    .toEqual(["Welcome to the club!", "Day two: 10% off today."]);

  await row.getByRole("button", { name: "Actions for Two-step welcome" }).click();
  await page.getByRole("menuitem", { name: "Report" }).click();
  const report = page.getByRole("dialog", { name: "Report: Two-step welcome" });
  await expect(report.getByTestId("report-completed")).toHaveText("1", { timeout: 15_000 });
  await expect(report.getByTestId("report-texts-sent")).toHaveText("2");
  await keepScreenshot(page, "drip-report");
  await page.keyboard.press("Escape");

  await page.setViewportSize(MOBILE);
  await page.goto("/messages/drip-campaigns");
  await expect(page.getByRole("row").filter({ hasText: "Two-step welcome" })).toBeVisible();
  await keepScreenshot(page, "drip-campaigns-mobile");
  expect(errors).toEqual([]);
});
