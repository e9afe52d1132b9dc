import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

test("sent messages: the demo campaign with its counts, then its recipients by status", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/reports/sent-messages");
  await expect(page.getByRole("heading", { name: "Sent Messages", level: 2 })).toBeVisible();
  const table = page.getByTestId("sent-messages-table");
  // The demo's own run: a retry from the analytics page (failed-numbers.spec) sends the same text
  // again as a new send, which has nobody blocked.
  const row = table
    .getByRole("row")
    .filter({ hasText: "Fall is here!" })
    .filter({ has: page.locator('[data-group="blocked"]').filter({ hasText: "Blocked1" }) });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("run-state").filter({ visible: true })).toHaveText("Completed");
  await expect(row.locator('[data-group="failed"]').filter({ visible: true })).toContainText(
    "Failed5",
  );
  await expect(row.locator('[data-group="blocked"]').filter({ visible: true })).toContainText(
    "Blocked1",
  );
  // Searching narrows the list; a text nothing has finds nothing.
  await page.getByLabel("Search sent messages").fill("no such words here");
  await expect(page.getByText("No matching records found!")).toBeVisible();
  await page.getByLabel("Search sent messages").fill("pumpkin");
  await expect(row).toBeVisible();
  // The CSV of what the list shows: an export (in Export History too), handed to the browser.
  let download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const list = readFileSync(await (await download).path(), "utf8").split("\n");
  expect(list[0]).toMatch(/^\uFEFFSent \(America\/[A-Za-z_]+\),Message,/);
  expect(list.filter(Boolean).length).toBeGreaterThan(1);
  expect(list.slice(1).join("\n")).toMatch(/pumpkin/i);
  await keepScreenshot(page, "sent-messages-desktop");

  await row.getByRole("link", { name: /Fall is here!/ }).click();
  await expect(page).toHaveURL(/\/reports\/sent-messages\/details\?id=\d+/);
  await expect(page.getByRole("heading", { name: "Sent Message Details", level: 2 })).toBeVisible();
  const figures = page.getByTestId("run-figures");
  await expect(figures.getByRole("button", { name: "Failed: 5" })).toBeVisible();
  await expect(figures.getByRole("button", { name: "Blocked: 1" })).toBeVisible();

  // The failed group: five recipients, each with the carrier's reason in words.
  await figures.getByRole("button", { name: "Failed: 5" }).click();
  const recipients = page.getByTestId("recipients-table");
  await expect(recipients.getByRole("row")).toHaveCount(6);
  await expect(recipients).toContainText("Failed Landline Delivery");
  await expect(recipients).toContainText("The number is a landline or cannot receive texts.");
  await expect(recipients).toContainText("The handset was switched off or out of reach.");
  download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const failed = readFileSync(await (await download).path(), "utf8")
    .trim()
    .split("\n");
  expect(failed).toHaveLength(6);

  await page.getByText(/^Blocked \(1\)$/).click();
  await expect(recipients.getByRole("row")).toHaveCount(2);
  await expect(recipients.getByTestId("delivery-status").filter({ visible: true })).toHaveText(
    "Blocked",
  );
  await page.getByText(/^All \(\d+\)$/).click();
  await expect(recipients.getByRole("row").nth(1)).toBeVisible();
  await keepScreenshot(page, "sent-message-details-desktop");

  await page.setViewportSize(MOBILE);
  await expect(recipients.getByRole("row").nth(1)).toBeVisible();
  await keepScreenshot(page, "sent-message-details-mobile");
  await page.goto("/reports/sent-messages");
  await expect(row).toBeVisible();
  await keepScreenshot(page, "sent-messages-mobile");

  expect(errors).toEqual([]);
  // A missing id, and one that is no run of this account (the server answers 404, which
  // Chromium logs): a clear "not found", not an error page.
  await page.goto("/reports/sent-messages/details");
  await expect(page.getByText("Sent message not found")).toBeVisible();
  await page.goto("/reports/sent-messages/details?id=987654321");
  await expect(page.getByText("Sent message not found")).toBeVisible();
  await page.getByRole("button", { name: "Go to sent messages" }).click();
  await expect(page).toHaveURL(/\/reports\/sent-messages$/);
});

test("scheduled messages: listed with next send and repeat, cancelled after a confirmation", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page);
  // One more scheduled send, through the same call the composer makes.
  const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post("/api/sends", {
    headers: { "x-parley-csrf": "1" },
    data: {
      isScheduled: true,
      date: inTenDays,
      time: "10:30",
      timezone: "America/New_York",
      repeatFrequency: "monthly",
      isSubscribers: "false",
      message: "Monthly tasting night: bring a friend!",
      sendAnyway: true,
      ...(await groupOf(page, "Loyalty Club")),
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto("/messages/scheduled");
  await expect(page.getByRole("heading", { name: "Scheduled Messages", level: 2 })).toBeVisible();
  const table = page.getByTestId("scheduled-table");
  const weekly = table.getByRole("row").filter({ hasText: "This week's special" });
  await expect(weekly).toContainText("To Morning Regulars · scheduled by Dana Demo");
  await expect(weekly).toContainText("Every Week");
  await expect(weekly).toContainText("Thu");
  const monthly = table.getByRole("row").filter({ hasText: "Monthly tasting night" });
  await expect(monthly).toContainText("Every Month");
  await expect(monthly).toContainText("To Loyalty Club");
  await expect(monthly.getByRole("link", { name: /^Edit/ })).toHaveAttribute(
    "href",
    new RegExp(`^/send-message\\?edit=${(await created.json()).id}$`),
  );
  await keepScreenshot(page, "scheduled-desktop");

  // Cancel asks first; keeping it changes nothing.
  await monthly.getByRole("button", { name: /^Cancel/ }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this scheduled message?" });
  await expect(dialog).toContainText("Monthly tasting night");
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(monthly).toBeVisible();
  await monthly.getByRole("button", { name: /^Cancel/ }).click();
  await page
    .getByRole("dialog", { name: "Cancel this scheduled message?" })
    .getByRole("button", { name: "Cancel message" })
    .click();
  await expect(page.getByText("The scheduled message was canceled")).toBeVisible();
  await expect(monthly).toHaveCount(0);
  await expect(weekly).toBeVisible();

  await page.setViewportSize(MOBILE);
  await expect(weekly).toBeVisible();
  await keepScreenshot(page, "scheduled-mobile");
  expect(errors).toEqual([]);
});

/** The group ids field of the send form for one of the demo's groups. */
async function groupOf(page: import("@playwright/test").Page, name: string) {
  const res = await page.request.get(`/api/groups?query=${encodeURIComponent(name)}`);
  const body = await res.json();
  const group = body.rows.find((g: { name: string }) => g.name === name);
  return { groupIds: [group.id] };
}
