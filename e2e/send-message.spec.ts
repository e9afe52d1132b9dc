import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { keepScreenshot, logIn, MOBILE, watchConsole } from "./support";
import { chooseNewSubscriber, uniquePhone } from "./virtual-phone";

const CSRF = { "x-parley-csrf": "1" };
const BUSINESS = "Parley Demo Coffee Co.";
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function openComposer(page: Page) {
  await page.goto("/auth/login");
  await logIn(page);
  // The machine running the suite may be busy: the first page can take a while.
  await expect(page.getByTestId("sidebar")).toBeVisible({ timeout: 20_000 });
  await page.goto("/send-message");
  await expect(page.getByRole("heading", { name: "Send Message", level: 2 })).toBeVisible();
  await expect(page.getByTestId("message-editor")).toBeVisible();
  // The demo number is chosen by default.
  await expect(page.getByRole("combobox", { name: "From" })).not.toHaveValue("");
}

/** Replaces the editor's text (inserted as typing would, through the editor's own rules). */
async function setMessage(page: Page, text: string) {
  const editor = page.getByTestId("message-editor");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  if (text) await page.keyboard.insertText(text);
}

async function paste(page: Page, text: string) {
  await page.getByTestId("message-editor").evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData("text/plain", t);
    el.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

const counter = (page: Page) => page.getByTestId("message-counter");

async function expectCount(page: Page, remaining: number, credits: number) {
  await expect(counter(page)).toHaveAttribute("data-remaining", String(remaining));
  await expect(counter(page)).toHaveAttribute("data-credits", String(credits));
}

test("the counter counts 160/161, 70/71 with an emoji, the header and footer", async ({ page }) => {
  const errors = watchConsole(page);
  await openComposer(page);
  await expect(page.locator(".ProseMirror p.is-editor-empty").first()).toHaveAttribute(
    "data-placeholder",
    "Type in a message...",
  );
  await expectCount(page, 160, 1);

  await setMessage(page, "a".repeat(160));
  await expectCount(page, 0, 1);
  await expect(counter(page)).toHaveText("0 characters left · 1 credit");
  await page.keyboard.insertText("a");
  await expectCount(page, 145, 2);
  await expect(counter(page)).toHaveText("145 characters left · 2 credits");

  // An emoji: 70 per credit (it is two of them).
  await setMessage(page, `${"a".repeat(68)}😀`);
  await expectCount(page, 0, 1);
  await page.keyboard.insertText("a");
  // 68 + 2 + 1 units: 67 in the first part, 4 in the second.
  await expectCount(page, 63, 2);

  // Header ('Parley Demo Coffee Co.: ') and footer ('\nReply STOP to opt out') count too.
  const framing = `${BUSINESS}: `.length + "\nReply STOP to opt out".length;
  await page.getByLabel(/Add organization name/).check({ force: true });
  await page.getByLabel(/Add opt-out footer/).check({ force: true });
  await setMessage(page, "b".repeat(160 - framing));
  await expectCount(page, 0, 1);
  await page.keyboard.insertText("b");
  await expectCount(page, 145, 2);
  await expect(page.getByTestId("message-preview")).toContainText(`${BUSINESS}: b`);
  await expect(page.getByTestId("message-preview")).toContainText("Reply STOP to opt out");

  // Smart punctuation becomes plain (and stays GSM-7).
  await setMessage(page, "It’s “fresh” — really…");
  await expect(page.getByTestId("message-editor")).toHaveText(`It's "fresh" - really...`);

  // MMS: 3 credits, and the placeholder notice the first time.
  await page.getByText("MMS", { exact: true }).click();
  await expect(page.getByTestId("mms-notice")).toBeVisible();
  await expect(counter(page)).toHaveAttribute("data-credits", "3");
  await shot(page, "composer-desktop-mms");
  expect(errors).toEqual([]);
});

test("paste is plain text, cut at the limit, with the two notices", async ({ page }) => {
  await openComposer(page);
  await setMessage(page, "");
  await paste(page, "x".repeat(2100));
  await expect(page.getByTestId("length-notice")).toHaveText(
    "Messages cannot be longer than 2000 characters.",
  );
  await expect
    .poll(() => page.getByTestId("message-editor").evaluate((el) => el.textContent?.length))
    .toBe(2000);
  // Typing more is blocked too.
  await page.keyboard.insertText("y");
  await expect
    .poll(() => page.getByTestId("message-editor").evaluate((el) => el.textContent?.length))
    .toBe(2000);
  await page.keyboard.press("Backspace");
  await expect(page.getByTestId("length-notice")).toBeHidden();
  await page.keyboard.insertText("z");
  await expect(page.getByTestId("length-notice")).toHaveText(
    "Messages can only be 2000 characters long.",
  );

  // A switch to MMS cuts the text to 1550.
  await page.getByText("MMS", { exact: true }).click();
  await expect
    .poll(() => page.getByTestId("message-editor").evaluate((el) => el.textContent?.length))
    .toBe(1550);
  await expect(page.getByTestId("length-notice")).toHaveText(
    "Messages can only be 1550 characters long.",
  );

  // Pasting again within a second is ignored (throttled); afterwards it works.
  await page.getByText("SMS", { exact: true }).click();
  await setMessage(page, "");
  // A second since the long paste above, which a fast machine may not yet have spent.
  await page.waitForTimeout(1100);
  await paste(page, "one ");
  await paste(page, "two ");
  await expect(page.getByTestId("message-editor")).toHaveText("one ");
  await page.waitForTimeout(1100);
  await paste(page, "three\nlines");
  await expect(page.getByTestId("message-editor")).toHaveText("one threelines");
  await expect(page.getByTestId("message-editor").locator("p")).toHaveCount(2);
});

test("every validation message of the send form", async ({ page }) => {
  await openComposer(page);
  const editor = page.getByTestId("message-editor");
  const send = () => editor.press("ControlOrMeta+Enter");
  const alertText = (text: string) => page.getByText(text, { exact: true });

  // No text: Ctrl+Enter still submits, and the form says what is missing.
  await editor.click();
  await send();
  await expect(page.getByTestId("message-error")).toHaveText("Enter message");
  await expect(page.getByRole("button", { name: "Send Message" })).toBeDisabled();

  await page.getByText("MMS", { exact: true }).click();
  await send();
  await expect(page.getByTestId("message-error")).toHaveText(
    "Image is required if MMS message is empty",
  );
  await page.getByText("SMS", { exact: true }).click();
  await setMessage(page, "Weekend special: two for one");

  await page.locator("label", { hasText: /^Subscribers$/ }).click();
  await send();
  await expect(alertText("Select at least one subscriber")).toBeVisible();
  await page.locator("label", { hasText: /^Groups$/ }).click();
  await send();
  await expect(alertText("Select at least one group")).toBeVisible();
  await page.locator("label", { hasText: /^All Subscribers$/ }).click();

  await page.getByLabel("Schedule for later").check({ force: true });
  await page.getByRole("combobox", { name: "Repeat", exact: true }).click();
  await page.getByRole("option", { name: "Every Week" }).click();
  await send();
  await expect(alertText("Please select a date")).toBeVisible();
  await expect(alertText("Please select a time")).toBeVisible();
  await expect(alertText("Please select at least one day")).toBeVisible();

  await page.getByRole("combobox", { name: "Repeat", exact: true }).click();
  await page.getByRole("option", { name: "Custom" }).click();
  const every = page.getByLabel("Repeat every");
  await every.fill("");
  await send();
  await expect(alertText("Please enter a repeat frequency")).toBeVisible();
  await expect(alertText("At least one day should be selected")).toBeVisible();
  await every.fill("0");
  await send();
  await expect(alertText("Repeat every must be at least 1")).toBeVisible();
  await every.fill("13");
  await send();
  await expect(alertText("Repeat every cannot exceed 12")).toBeVisible();
  await every.fill("2");

  await page.getByRole("combobox", { name: "Ends" }).click();
  await page.getByRole("option", { name: "Specific Date" }).click();
  await send();
  await expect(alertText("End message date is required")).toBeVisible();
  await page.getByRole("combobox", { name: "Ends" }).click();
  await page.getByRole("option", { name: "Occurences" }).click();
  const occurrences = page.getByLabel("Occurrences");
  await send();
  await expect(alertText("A value is required")).toBeVisible();
  await occurrences.fill("abc");
  await send();
  await expect(alertText("Messages amount must be a valid number")).toBeVisible();
  await occurrences.fill("10000");
  await send();
  await expect(alertText("Repeat every cannot exceed 9999")).toBeVisible();
  await shot(page, "composer-desktop-validation");

  // The test send's phone.
  await page.getByRole("button", { name: "Send Test" }).click();
  const modal = page.getByRole("dialog", { name: "Send Test Message" });
  await modal.getByRole("button", { name: "Send Test" }).click();
  await expect(modal.getByText("Phone number is required")).toBeVisible();
  await modal.getByLabel("Phone number").fill("555");
  await modal.getByRole("button", { name: "Send Test" }).click();
  await expect(modal.getByText("Invalid phone number")).toBeVisible();
});

test("a test send arrives at the virtual phone with the composed text", async ({ page }) => {
  const errors = watchConsole(page);
  await openComposer(page);
  const phone = uniquePhone();
  await setMessage(page, "Fresh roast today, [first name]! ☕");
  await page.getByLabel(/Add organization name/).check({ force: true });
  await page.getByLabel(/Add opt-out footer/).check({ force: true });
  await page.getByRole("button", { name: "Send Test" }).click();
  const modal = page.getByRole("dialog", { name: "Send Test Message" });
  await modal.getByLabel("Phone number").fill(phone.slice(2));
  await modal.getByRole("button", { name: "Send Test" }).click();
  await expect(page.getByText("Test Message Sent")).toBeVisible();
  await expect(modal).toBeHidden();

  const expected = `${BUSINESS}: Fresh roast today, [first name]! ☕\nReply STOP to opt out`;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(
          `/api/virtual-phones/${encodeURIComponent(phone)}/messages`,
        );
        if (!res.ok()) return [];
        const body = (await res.json()) as { rows: { body: string; direction: string }[] };
        return body.rows.map((r) => r.body);
      },
      { timeout: 15_000 },
    )
    .toContain(expected);
  expect(errors).toEqual([]);
});

test("quiet hours ask before sending; the missing contact card is explained", async ({ page }) => {
  await openComposer(page);
  // Quiet hours around the clock (but one minute): any send time falls inside.
  const set = await page.request.put("/api/account/settings/quiet_hours", {
    headers: CSRF,
    data: { val: [["00:00", "23:59"]] },
  });
  expect(set.ok()).toBe(true);
  try {
    // The composer checks quiet hours as it sends: wait for the setting it reads after the reload.
    const quietRead = page.waitForResponse((r) =>
      r.url().endsWith("/api/account/settings/quiet_hours"),
    );
    await page.reload();
    await quietRead;
    await setMessage(page, "Late night deal");
    await page.getByRole("button", { name: "Send Message" }).click();
    const dialog = page.getByRole("dialog", { name: "Quiet Hours" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Send Anyway" })).toBeVisible();
    await shot(page, "composer-desktop-quiet-hours");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await page.request.put("/api/account/settings/quiet_hours", {
      headers: CSRF,
      data: { val: [] },
    });
  }

  const card = await page.request.get("/api/contact-card");
  const hasCard = card.ok() && ((await card.json()) as { card: unknown }).card;
  if (!hasCard) {
    await page.getByRole("button", { name: "Attach contact card" }).click();
    await expect(
      page.getByRole("dialog", { name: "Your Contact Card has not been created yet" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Close" }).click();
  }
});

test("the composer on a wide and on a phone-sized screen", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openComposer(page);
  await setMessage(page, "Hello from a wide screen");
  await shot(page, "composer-1440");
  await page.setViewportSize(MOBILE);
  await page.reload();
  await expect(page.getByTestId("message-editor")).toBeVisible();
  await setMessage(page, "Hello from a phone 📱");
  await expect(counter(page)).toHaveAttribute("data-credits", "1");
  await keepScreenshot(page, "send-message-mobile");
  await shot(page, "composer-mobile");
});

test("a send to a chosen subscriber goes out, the form resets, and the text arrives", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await openComposer(page);
  const name = `Composer${Math.floor(Math.random() * 1e6)}`;
  const phone = await chooseNewSubscriber(page, "646", name);
  await setMessage(page, "Hi [first name], your beans are ready!");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Your message is on its way to 1 subscriber.")).toBeVisible({
    timeout: 15_000,
  });
  // The form starts over: no text, recipients back to everyone.
  await expect(page.getByTestId("message-editor")).toHaveText("");
  await expect(page.getByRole("radio", { name: "All Subscribers" })).toBeChecked();

  await expect
    .poll(
      async () => {
        const res = await page.request.get(
          `/api/virtual-phones/${encodeURIComponent(phone)}/messages`,
        );
        if (!res.ok()) return [];
        const body = (await res.json()) as { rows: { body: string }[] };
        return body.rows.map((r) => r.body);
      },
      // Marketing goes at the demo number's pace, behind what earlier spec files queued.
      { timeout: 60_000 },
    )
    .toContain(`Hi ${name}, your beans are ready!`);
  expect(errors).toEqual([]);
});

test("a scheduled message opens for editing and saves with PUT", async ({ page }) => {
  await openComposer(page);
  const created = await page.request.post("/api/sends", {
    headers: CSRF,
    data: {
      message: "Saturday tasting at 10",
      isScheduled: true,
      date: "2031-03-01",
      time: "10:00",
      timezone: "America/New_York",
      repeatFrequency: "weekly",
      repeatDays: { saturday: true },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/send-message?edit=${id}`);
  await expect(page.getByRole("heading", { name: "Edit Scheduled Message" })).toBeVisible();
  await expect(page.getByTestId("message-editor")).toHaveText("Saturday tasting at 10");
  await expect(page.getByLabel("Schedule for later")).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Repeat", exact: true })).toHaveValue(
    "Every Week",
  );
  await expect(page.getByRole("checkbox", { name: "Sat" })).toBeChecked();
  await shot(page, "composer-desktop-edit");

  await setMessage(page, "Saturday tasting at 11");
  await page.getByRole("button", { name: "Update Message" }).click();
  await expect(page).toHaveURL(/\/messages\/scheduled$/);
  const saved = await page.request.get(`/api/sends/${id}`);
  expect(((await saved.json()) as { form: { message: string } }).form.message).toBe(
    "Saturday tasting at 11",
  );
});

test("emoji, variables and an image attachment from the toolbar", async ({ page }) => {
  const errors = watchConsole(page);
  const offsite: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http"))
      offsite.push(r.url());
  });
  await openComposer(page);
  await setMessage(page, "Hi ");
  await page.getByRole("button", { name: "Insert a variable" }).click();
  await page.getByRole("menuitem", { name: "[first name]" }).click();
  await expect(page.getByTestId("message-editor")).toHaveText("Hi [first name]");

  // An emoji from the picker (native, bundled): the text becomes UCS-2, 70 per credit.
  await page.getByRole("button", { name: "Insert an emoji" }).click();
  await page.locator("[data-epr-part='emoji']").first().click();
  await expect(counter(page)).toHaveAttribute("data-credits", "1");
  await expect
    .poll(async () => Number(await counter(page).getAttribute("data-remaining")))
    .toBeLessThan(70);

  // An image: uploaded, previewed, and the message becomes an MMS.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
    "base64",
  );
  await page.locator("input[type=file]").setInputFiles({
    name: "beans.png",
    mimeType: "image/png",
    buffer: png,
  });
  const attachments = page.getByTestId("attachments");
  await expect(attachments.getByRole("img", { name: "beans.png" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "MMS" })).toBeChecked();
  await expect(counter(page)).toHaveAttribute("data-credits", "3");
  await expect(page.getByRole("button", { name: "Attach contact card" })).toBeDisabled();
  await shot(page, "composer-desktop-attachment");
  await attachments.getByRole("button", { name: "Remove beans.png" }).click();
  await expect(attachments).toBeHidden();

  // A file pasted into the editor goes to the attachment input.
  await page.getByTestId("message-editor").evaluate((el, b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "pasted.png", { type: "image/png" }));
    el.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, png.toString("base64"));
  await expect(attachments.getByRole("img", { name: "pasted.png" })).toBeVisible();
  await expect(page.getByTestId("message-editor")).toHaveText(/^Hi \[first name\]/);
  await attachments.getByRole("button", { name: "Remove pasted.png" }).click();
  // Back to SMS.
  await page.locator("label", { hasText: /^SMS$/ }).click();
  await expect(counter(page)).toHaveAttribute("data-credits", "1");
  expect(offsite).toEqual([]);
  expect(errors).toEqual([]);
});

test("before a send to everyone: who gets it, what it costs, a filled preview and a confirmation", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await openComposer(page);
  await setMessage(page, "Hi [first name], fresh beans today!");
  const summary = page.getByTestId("audience-summary");
  await expect(summary).toContainText(/\d+ people will get this message · \d+ credits/, {
    timeout: 10_000,
  });
  // The preview reads as the first recipient will read it, not "[first name]".
  await expect(page.getByTestId("message-preview")).not.toContainText("[first name]");
  await expect(page.getByTestId("message-preview")).toContainText(", fresh beans today!");
  // Before sending it says how long the number takes at its pace (legal hours are off here).
  await expect(page.getByTestId("pace-note")).toHaveText(
    /^Handing it to the carrier takes (under a minute|about [\d.]+ (minutes?|hours?)) at this number's pace \([\d.]+ texts? a (second|minute)\)\.$/,
  );
  await keepScreenshot(page, "composer-outlook-desktop");
  await page.setViewportSize(MOBILE);
  await expect(page.getByTestId("pace-note")).toBeVisible();
  await keepScreenshot(page, "composer-outlook-mobile");
  await page.setViewportSize({ width: 1280, height: 900 });

  const posted: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/sends") posted.push(r.url());
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  const dialog = page.getByRole("dialog", { name: "Send this message?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("confirm-send-count")).toHaveText(
    /^All Subscribers: [\d,]+ people will get it, for [\d,]+ credits\.$/,
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  // Nothing went out; the message is still there to edit.
  await expect(page.getByTestId("message-editor")).toContainText("fresh beans today!");
  expect(posted).toEqual([]);
  expect(errors).toEqual([]);
});
