import { expect, test } from "@playwright/test";
import { stopConfirmation } from "../src/domain/compliance";
import { formatUsNumber } from "../src/domain/phone";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";
import { uniquePhone } from "./virtual-phone";

const CSRF = { "x-parley-csrf": "1" };

test("a subscriber texts STOP from a virtual phone and is opted out", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const phone = uniquePhone();
  const shown = formatUsNumber(phone);
  const created = await page.request.post("/api/subscribers", {
    headers: CSRF,
    data: { attestation: true, number: phone, firstName: "Vera" },
  });
  expect(created.status()).toBe(201);
  const subscriber = (await created.json()) as { id: number };

  // The sidebar offers the page while the emulator is the carrier.
  await page.getByTestId("sidebar").getByRole("link", { name: "Virtual Phones" }).click();
  await expect(page).toHaveURL(/\/virtual-phones$/);
  await expect(page.getByRole("heading", { name: "Virtual Phones", level: 1 })).toBeVisible();

  // A first text from a phone that has no thread yet.
  await page.getByRole("button", { name: "Text from a new phone" }).click();
  const modal = page.getByRole("dialog", { name: "Text from a new phone" });
  await modal.getByLabel("From (the virtual phone)").fill(shown);
  await modal.getByLabel("Message").fill("Hi! Do you deliver?");
  await modal.getByRole("button", { name: "Send text" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId("thread-phone")).toHaveText(shown);

  // Open its thread from the list, as a person coming back would.
  await page.goto("/virtual-phones");
  await page.getByTestId("virtual-phone").filter({ hasText: shown }).click();
  const thread = page.getByTestId("thread");
  await expect(thread.getByTestId("thread-message").last()).toContainText("Hi! Do you deliver?");
  await expect(thread.getByTestId("thread-message").last()).toHaveAttribute(
    "data-direction",
    "sent",
  );

  // STOP goes through the inbound webhook; the opt-out confirmation arrives by polling.
  await page.getByLabel("Text message").fill("STOP");
  await page.getByLabel("Text message").press("Enter");
  await expect(page.getByLabel("Text message")).toHaveValue("");
  const reply = thread.getByTestId("thread-message").filter({
    hasText: stopConfirmation("Parley Demo Coffee Co."),
  });
  await expect(reply).toBeVisible({ timeout: 15_000 });
  await expect(reply).toHaveAttribute("data-direction", "received");
  await expect(reply).toContainText("1 segment");
  await keepScreenshot(page, "virtual-phones-desktop");

  // The subscriber is opted out, by keyword.
  const detail = await page.request.get(`/api/subscribers/${subscriber.id}`);
  const body = (await detail.json()) as {
    optedOut: boolean;
    consentHistory: { action: string; source: string; detail: string }[];
  };
  expect(body.optedOut).toBe(true);
  expect(body.consentHistory).toContainEqual(
    expect.objectContaining({ action: "opt_out", source: "keyword", detail: "STOP" }),
  );

  await page.setViewportSize(MOBILE);
  await expect(thread).toBeVisible();
  await keepScreenshot(page, "virtual-phone-thread-mobile");
  await page.getByRole("button", { name: "Back to phones" }).click();
  await expect(page.getByTestId("virtual-phone").first()).toBeVisible();
  await keepScreenshot(page, "virtual-phones-mobile");
  expect(errors).toEqual([]);
});

test("a text with no message is refused before it is sent", async ({ page }) => {
  await logInAsDemo(page, "/virtual-phones");
  await page.getByRole("button", { name: "Text from a new phone" }).click();
  const modal = page.getByRole("dialog", { name: "Text from a new phone" });
  await modal.getByLabel("From (the virtual phone)").fill("12");
  await modal.getByLabel("Message").fill("   ");
  await modal.getByRole("button", { name: "Send text" }).click();
  await expect(modal.getByText("Invalid phone number")).toBeVisible();
  await expect(modal.getByText("Type a message")).toBeVisible();
});
