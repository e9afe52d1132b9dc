import { expect, test } from "@playwright/test";
import { formatUsNumber } from "../src/domain/phone";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";
import { uniquePhone } from "./virtual-phone";

const CSRF = { "x-parley-csrf": "1" };

test("a voice broadcast is composed, sent and heard on a virtual phone", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const phone = uniquePhone();
  const created = await page.request.post("/api/subscribers", {
    headers: CSRF,
    data: { attestation: true, number: phone, firstName: "Vick" },
  });
  expect(created.status()).toBe(201);
  const subscriber = (await created.json()) as { id: number };
  const consent = await page.request.post("/api/phone-messages/voice-consent", {
    headers: CSRF,
    data: {
      subscriberId: subscriber.id,
      given: true,
      evidence: "Asked for store calls at the counter",
    },
  });
  expect(consent.status()).toBe(200);

  await page.goto("/phone-messages/send");
  await expect(page.getByRole("heading", { name: "Send Phone Message", level: 1 })).toBeVisible();
  await page.getByLabel("What the call says").fill("Hello from Demo Coffee. Your order is ready.");
  await expect(page.getByTestId("voice-audience")).toContainText("will be called");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-audio")).toBeVisible();
  await keepScreenshot(page, "phone-messages-send-desktop");
  await page.getByRole("button", { name: "Call now" }).click();
  await expect(page).toHaveURL(/\/phone-messages$/);
  await expect(
    page.getByText("Hello from Demo Coffee. Your order is ready.").first(),
  ).toBeVisible();
  // The pipeline places the calls; the list refreshes by itself until they are answered.
  await expect(page.getByText(/[1-9]\d* answered/).first()).toBeVisible({ timeout: 60_000 });
  await keepScreenshot(page, "phone-messages-desktop");

  await page.goto("/virtual-phones");
  await page
    .getByTestId("virtual-phone")
    .filter({ hasText: formatUsNumber(phone) })
    .click();
  const call = page.getByTestId("phone-call").last();
  await expect(call).toContainText("Your order is ready");
  const audio = call.locator("audio");
  await expect(audio).toHaveCount(1, { timeout: 30_000 });
  const duration = await audio.evaluate(
    (el: HTMLAudioElement) =>
      new Promise<number>((resolve) => {
        if (el.readyState >= 1) return resolve(el.duration);
        el.addEventListener("loadedmetadata", () => resolve(el.duration), { once: true });
        el.load();
      }),
  );
  expect(duration).toBeGreaterThan(0);
  await keepScreenshot(page, "virtual-phones-call-desktop");

  await page.setViewportSize(MOBILE);
  await page.goto("/phone-messages");
  await expect(page.getByRole("heading", { name: "Phone Messages", level: 1 })).toBeVisible();
  await keepScreenshot(page, "phone-messages-mobile");
  await page.goto("/phone-messages/send");
  await expect(page.getByLabel("What the call says")).toBeVisible();
  await keepScreenshot(page, "phone-messages-send-mobile");

  // Scheduled: listed soonest first, canceled from the list after a confirmation.
  const numbers = await (await page.request.get("/api/dedicated-numbers?page=1&pageSize=5")).json();
  const later = await page.request.post("/api/phone-messages", {
    headers: CSRF,
    data: {
      text: "Tomorrow we open at noon.",
      voice: "es-ES:man",
      phoneNumberId: numbers.rows[0].id,
      recipients: { mode: "all", subscriberIds: [], groupIds: [] },
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(later.status()).toBe(201);
  await page.goto("/phone-messages/scheduled");
  const row = page.getByRole("row").filter({ hasText: "Tomorrow we open at noon." });
  await expect(row).toBeVisible();
  await keepScreenshot(page, "phone-messages-scheduled-mobile");
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, "phone-messages-scheduled-desktop");
  await row.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Cancel broadcast" }).click();
  await expect(row).toBeHidden();
  expect(errors).toEqual([]);
});
