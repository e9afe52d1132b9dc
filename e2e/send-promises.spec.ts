import { expect, type Page, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, watchConsole } from "./support";
import { CSRF, chooseNewSubscriber, received } from "./virtual-phone";

// What the composer and Settings promise, kept by the server: a link from an unregistered
// number is refused with 'Unable To Send'; 'Pause all sending' holds a send until it is off.

async function setMessage(page: Page, text: string) {
  const editor = page.getByTestId("message-editor");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.insertText(text);
}

async function openComposer(page: Page) {
  await logInAsDemo(page, "/send-message");
  await expect(page.getByTestId("message-editor")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "From" })).not.toHaveValue("");
}

test("a link from the unregistered demo number opens 'Unable To Send' and nothing goes", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await openComposer(page);
  // The demo's 10DLC brand and campaign are not approved: its local number may not carry links.
  const status = await (await page.request.get("/api/registrations/status")).json();
  expect(status.campaign.status).not.toBe("approved");

  // The composer says so before the server has to: its link button is off, with the reason.
  const linkButton = page.getByRole("button", { name: "Insert a link" });
  await expect(linkButton).toBeDisabled();
  await linkButton.hover({ force: true });
  await expect(page.getByRole("tooltip")).toHaveText(
    "Links are disabled from this number until your 10DLC brand and campaign are approved.",
  );

  const phone = await chooseNewSubscriber(page);
  await setMessage(page, "Our new menu: https://coffee.example/menu");
  await page.getByRole("button", { name: "Send Message" }).click();
  const dialog = page.getByRole("dialog", { name: "Unable To Send" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "Your account has not been validated yet, so messages cannot include links.",
  );
  await expect(dialog.getByRole("button", { name: "Contact Us" })).toBeVisible();
  await keepScreenshot(page, "unable-to-send");
  await dialog.getByRole("button", { name: "Edit Message" }).click();
  await expect(dialog).toBeHidden();
  // The text is still there to edit; without the link it goes.
  await expect(page.getByTestId("message-editor")).toContainText("https://coffee.example/menu");
  await setMessage(page, "Our new menu is out: ask at the counter!");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Your message is on its way to 1 subscriber.")).toBeVisible({
    timeout: 15_000,
  });
  // Marketing texts of the demo number go at its pace (1 a second) behind any the spec files
  // before this one queued on the same server (a retry of failed numbers queues dozens).
  await expect
    .poll(async () => (await received(page, phone)).some((b) => b.includes("ask at the counter")), {
      timeout: 60_000,
    })
    .toBe(true);
  // The browser logs the refused send (403) itself; nothing else went wrong.
  expect(errors).toEqual([expect.stringMatching(/status of 403 .*\/api\/sends\)$/)]);
});

// The demo is never left paused, whatever happened in the test.
test.afterEach(async ({ page }) => {
  await page.request.put("/api/account/settings/disable_sam", {
    headers: CSRF,
    data: { val: false },
  });
});

test("'Pause all sending' holds a campaign; turning it off sends it", async ({ page }) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/settings");
  const pause = page.getByRole("switch", { name: "Pause all sending" });
  await expect(page.getByText(/Campaigns and other marketing texts wait, held/)).toBeVisible();
  // The switch shows what the server saved: it turns on once the save is answered.
  await pause.click();
  await expect(page.getByText("Pause all sending: on")).toBeVisible();
  await expect(pause).toBeChecked();

  await page.goto("/send-message");
  await expect(page.getByTestId("message-editor")).toBeVisible();
  const phone = await chooseNewSubscriber(page);
  const text = `Paused special ${Date.now()}`;
  await setMessage(page, text);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Your message is on its way to 1 subscriber.")).toBeVisible({
    timeout: 15_000,
  });
  // Held: the phone gets nothing while the account is paused.
  await page.waitForTimeout(3_000);
  expect((await received(page, phone)).some((b) => b.includes(text))).toBe(false);
  // The sent message's recipients say why it waits, as the inbox thread does.
  const runs = (await (await page.request.get("/api/reports/sent-messages")).json()) as {
    rows: { id: number; text: string }[];
  };
  const run = runs.rows.find((r) => r.text.includes(text));
  expect(run).toBeDefined();
  await page.goto(`/reports/sent-messages/details?id=${run!.id}`);
  await expect(page.getByTestId("waiting-reason").first()).toHaveText(
    "Not sent yet: held: sending is paused for this account (it goes when sending resumes)",
  );
  await keepScreenshot(page, "sent-message-waiting");

  await page.goto("/settings");
  await expect(pause).toBeChecked();
  await pause.click();
  await expect(page.getByText("Pause all sending: off")).toBeVisible();
  // At the number's pace, behind whatever earlier spec files queued on this server.
  await expect
    .poll(async () => (await received(page, phone)).some((b) => b.includes(text)), {
      timeout: 60_000,
    })
    .toBe(true);
  expect(errors).toEqual([]);
});
