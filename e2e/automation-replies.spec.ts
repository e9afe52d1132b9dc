import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, watchConsole } from "./support";
import { CSRF, demoNumber, received, uniquePhone } from "./virtual-phone";

/** What a virtual phone has received from the business. */

test("an automated reply made on the page answers a virtual phone, marked automatic in the inbox", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/messages/automated-replies");
  await expect(page.getByRole("heading", { name: "Automated Replies", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Add Automated Reply" }).first().click();
  await expect(page).toHaveURL(/\/messages\/automated-replies\/edit-smart-reply$/);
  await page.getByLabel("Name").fill("Parking");
  await page.getByRole("combobox", { name: "Words" }).fill("parking");
  await page.getByRole("combobox", { name: "Words" }).press("Enter");
  await page.getByLabel("Reply").fill("Free parking behind the shop.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/messages\/automated-replies$/);
  const row = page.getByTestId("auto-reply-row").filter({ hasText: "Parking" });
  await expect(row).toContainText("Free parking behind the shop.");

  // The page's tester says which rule would answer.
  await page.getByLabel("Sample text").fill("Is there PARKING nearby?");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("auto-reply-preview")).toContainText(
    "Parking answers: Free parking behind the shop.",
  );
  await keepScreenshot(page, "automated-replies");

  const phone = uniquePhone();
  const sent = await page.request.post("/api/virtual-phones/messages", {
    headers: CSRF,
    data: { from: phone, to: await demoNumber(page), body: "Where is the parking?" },
  });
  expect(sent.status()).toBeLessThan(300);
  await expect
    .poll(() => received(page, phone), { timeout: 20_000 })
    .toContain("Free parking behind the shop.");
  // Asked again within the day: answered once.
  await page.request.post("/api/virtual-phones/messages", {
    headers: CSRF,
    data: { from: phone, to: await demoNumber(page), body: "parking again?" },
  });
  await page.waitForTimeout(1500);
  expect(
    (await received(page, phone)).filter((b) => b === "Free parking behind the shop."),
  ).toHaveLength(1);

  const found = await page.request.get(
    `/api/inbox/conversations/find?number=${encodeURIComponent(phone)}`,
  );
  const { id } = (await found.json()) as { id: number };
  await page.goto(`/inbox?conversation=${id}`);
  const thread = page.getByTestId("thread");
  await expect(thread.getByTestId("thread-message").first()).toBeVisible({ timeout: 20_000 });
  const automatic = thread.locator("[data-automatic]");
  await expect(automatic).toHaveCount(1);
  await expect(automatic).toContainText("Free parking behind the shop.");
  await expect(automatic.getByTestId("automatic-marker")).toHaveText("Automatic");
  expect(errors).toEqual([]);
});
