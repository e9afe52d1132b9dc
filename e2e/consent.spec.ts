import { expect, type Page, test } from "@playwright/test";
import { DEMO, watchConsole } from "./support";
import { CSRF, textFrom, uniquePhone } from "./virtual-phone";

/** The virtual phone texts our number: through the emulator and the real inbound webhook. */

/** The conversation (subscriber) id of a number, once its text has been filed. */
async function conversationOf(page: Page, phone: string): Promise<number> {
  let id = 0;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(
          `/api/inbox/conversations/find?number=${encodeURIComponent(phone)}`,
        );
        id = res.ok() ? ((await res.json()) as { id: number; exists: boolean }).id : 0;
        return id;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return id;
}

test("a texter's question is a conversation; their STOP is answered automatically, once", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const login = await page.request.post("/api/auth/login", {
    headers: CSRF,
    data: { username: DEMO.username, password: DEMO.password },
  });
  expect(login.status()).toBe(200);
  const phone = uniquePhone();
  await textFrom(page, phone, "Hi, do you sell gift cards?");

  // Filed in the inbox as a conversation contact: no marketing consent.
  const id = await conversationOf(page, phone);
  const contact = (await (await page.request.get(`/api/subscribers/${id}`)).json()) as {
    marketingConsent: boolean;
  };
  expect(contact.marketingConsent).toBe(false);

  // The conversation is open when STOP arrives: the answer shows up without a reload.
  await page.goto(`/inbox?conversation=${id}`);
  const thread = page.getByTestId("thread");
  await expect(thread.getByTestId("thread-message").first()).toBeVisible({ timeout: 20_000 });
  await textFrom(page, phone, "STOP");
  await textFrom(page, phone, "stop");
  const automatic = thread.locator("[data-automatic]");
  await expect(automatic).toHaveCount(1, { timeout: 15_000 });
  await expect(automatic).toContainText("You have been unsubscribed");
  await expect(automatic.getByTestId("automatic-marker")).toHaveText("Automatic");
  await expect(thread.getByTestId("thread-message").first()).toContainText("gift cards");

  // The subscribers screen says plainly what a texter who only asked a question is.
  const asker = uniquePhone();
  await textFrom(page, asker, "What time do you close?");
  const askerId = await conversationOf(page, asker);
  await page.goto(`/subscribers/manage?q=${encodeURIComponent(asker.slice(2))}`);
  await expect(page.getByTestId("status-no-consent").first()).toBeVisible({ timeout: 15_000 });
  const recorded = await page.request.post(`/api/subscribers/${askerId}/marketing-consent`, {
    headers: CSRF,
    data: { attestation: true, detail: "Asked at the counter" },
  });
  expect(recorded.status()).toBe(200);
  expect(errors).toEqual([]);
});
