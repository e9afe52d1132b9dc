import { expect, type Page, test } from "@playwright/test";
import { DEMO, keepScreenshot, MOBILE, watchConsole } from "./support";
import { CSRF, received, textFrom, uniquePhone } from "./virtual-phone";

/** A subscriber with a name and a first text from their (virtual) phone: a conversation. */
async function conversationWith(page: Page, firstName: string, body: string) {
  const phone = uniquePhone();
  const created = await page.request.post("/api/subscribers", {
    headers: CSRF,
    data: { attestation: true, number: phone, firstName, lastName: "Toolson" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await textFrom(page, phone, body);
  return { id, phone, name: `${firstName} Toolson` };
}

async function signIn(page: Page, path = "/inbox") {
  const res = await page.request.post("/api/auth/login", {
    headers: CSRF,
    data: { username: DEMO.username, password: DEMO.password },
  });
  expect(res.status()).toBe(200);
  await page.goto(path);
  await expect(page.getByTestId("top-bar")).toBeVisible({ timeout: 20_000 });
}

test("a note and a label on a conversation; the phone receives nothing", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 860 });
  await signIn(page);
  const c = await conversationWith(page, "Nora", "Is my order ready?");
  const before = await received(page, c.phone);
  await page.goto(`/inbox?conversation=${c.id}`);
  await expect(page.getByTestId("conversation-title")).toHaveText(c.name);

  // A note: typed in the Note box, "@" offers teammates; it shows yellow, with its author.
  await page.getByTestId("compose-mode").getByText("Note").click();
  const box = page.getByTestId("note-box");
  await box.click();
  await page.keyboard.type("Checked the stock: ready tomorrow. @dem");
  await expect(page.getByTestId("mention-suggestions")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(box).toHaveValue(/@demo $/);
  await page.keyboard.type("please call her");
  await page.getByTestId("add-note").click();
  const note = page.getByTestId("thread-note").filter({ hasText: "ready tomorrow" });
  await expect(note).toBeVisible();
  await expect(note).toContainText("Internal note · not sent");
  await expect(note).toContainText("@demo");
  await expect(note).toContainText(/Dana|demo/);

  // A label, made from the conversation and shown on it and on its row.
  const name = `VIP ${Date.now().toString(36).slice(-4)}`;
  await page.getByRole("button", { name: "Labels" }).click();
  const picker = page.getByTestId("label-picker");
  await picker.getByLabel("New label").fill(name);
  await picker.getByRole("button", { name: "Add label" }).click();
  await expect(picker.getByRole("checkbox", { name })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(
    page
      .getByTestId("inbox-detail-pane")
      .getByTestId("conversation-label")
      .filter({ hasText: name }),
  ).toBeVisible();
  const row = page.getByTestId("conversation-row").filter({ hasText: c.name });
  await expect(row.getByTestId("conversation-label").filter({ hasText: name })).toBeVisible();
  await keepScreenshot(page, "inbox-tools-desktop");

  // Filtering by the label keeps it in the address and lists only this conversation.
  await page.getByRole("button", { name: "Filters" }).click();
  // The first field of the filters takes the focus, and its list opens.
  const labelField = page.getByRole("combobox", { name: "Label", exact: true });
  await labelField.focus();
  await labelField.press("ArrowDown");
  await page.getByRole("option", { name }).click();
  await expect(page).toHaveURL(/label=\d+/);
  await expect(page.getByTestId("conversation-row")).toHaveCount(1);
  await expect(page.getByTestId("conversation-row").first()).toContainText(c.name);
  await page.keyboard.press("Escape");

  // The keyboard sheet opens with "?".
  await page.getByTestId("thread").click();
  await page.keyboard.press("?");
  await expect(page.getByTestId("shortcuts-sheet")).toBeVisible();
  await page.keyboard.press("Escape");

  // The phone never got the note (nor anything else since its text).
  await page.waitForTimeout(1500);
  const after = await received(page, c.phone);
  expect(after).toEqual(before);
  expect(after.join("\n")).not.toContain("ready tomorrow");
  expect(errors).toEqual([]);
});

test('"/" in the reply box inserts a canned reply from the templates', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signIn(page);
  const tag = Date.now().toString(36).slice(-5);
  const made = await page.request.post("/api/templates", {
    headers: CSRF,
    data: { name: `Opening hours ${tag}`, message: `We are open 8 to 6 every day (${tag}).` },
  });
  expect(made.status()).toBeLessThan(300);
  const c = await conversationWith(page, "Sam", "When are you open?");
  await page.goto(`/inbox?conversation=${c.id}`);
  await expect(page.getByTestId("conversation-title")).toHaveText(c.name);
  // The list filters as the word after "/" is typed.
  await page.getByTestId("message-editor").click();
  await page.keyboard.type(`/${tag}`);
  const list = page.getByTestId("canned-replies");
  await expect(list).toBeVisible();
  await expect(list.getByRole("option").first()).toContainText(`Opening hours ${tag}`);
  await page.keyboard.press("Enter");
  await expect(list).toBeHidden();
  await expect(page.getByTestId("message-editor")).toHaveText(
    `We are open 8 to 6 every day (${tag}).`,
  );

  // The composer's tools are in the reply box too: a template picked from its list replaces the
  // text, the contact card either attaches or says how to make one, and a link says why not.
  await page.getByTestId("message-editor").fill("");
  await page.getByRole("button", { name: "Insert a template" }).click();
  await page.getByRole("textbox", { name: "Search templates" }).fill(tag);
  await page
    .getByTestId("template-pick-row")
    .filter({ hasText: `Opening hours ${tag}` })
    .click();
  await expect(page.getByTestId("message-editor")).toHaveText(
    `We are open 8 to 6 every day (${tag}).`,
  );
  await page.getByRole("button", { name: "Attach contact card" }).click();
  await expect(
    page.getByText("Contact Card", { exact: true }).or(page.getByRole("dialog")).first(),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Suggest a message" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Insert a link" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("Ctrl+K opens a subscriber; the conversation's tools at 390 px", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signIn(page, "/dashboard");
  const c = await conversationWith(page, "Kira", "Hello from Kira");
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog");
  await expect(palette.getByRole("textbox", { name: "Jump to" })).toBeFocused();
  await page.keyboard.type("Kira Toolson");
  const hit = palette.getByRole("option").filter({ hasText: "Kira Toolson" }).first();
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/inbox\\?conversation=${c.id}`));
  await expect(page.getByTestId("conversation-title")).toHaveText(c.name);

  // A phone-sized screen: the same conversation with its tools, nothing cut off.
  await page.setViewportSize(MOBILE);
  await page.goto(`/inbox?conversation=${c.id}#conversation`);
  const over = page.getByTestId("conversation-slide-over");
  await expect(over).toBeVisible();
  await over.getByTestId("compose-mode").getByText("Note").click();
  await expect(over.getByTestId("note-box")).toBeVisible();
  await keepScreenshot(page, "inbox-tools-mobile");
  // The reply tools' dialogs open over the slide-over, and a template reads as Kira will get it.
  await over.getByTestId("compose-mode").getByText("Reply").click();
  await over.getByRole("button", { name: "Insert a template" }).click();
  await page.getByRole("textbox", { name: "Search templates" }).fill("Introduction");
  await page.getByTestId("template-pick-row").filter({ hasText: "Introduction Message" }).click();
  await expect(over.getByTestId("message-editor")).toContainText("Hi Kira!");
  expect(errors).toEqual([]);
});

test("a desktop notification and a chime for a new text, each once the user opts in", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await context.grantPermissions(["notifications"]);
  // The page's Notification records what it is asked to show (the headless browser shows none).
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
    class Recorder {
      static permission = "granted";
      static requestPermission = async () => "granted";
      onclick: (() => void) | null = null;
      constructor(title: string, opts?: { body?: string }) {
        shown.push(`${title}: ${opts?.body ?? ""}`);
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = Recorder;
    // The chime: each one the page plays is counted (the headless browser has no speakers).
    const played = { chimes: 0 };
    (window as unknown as { played: typeof played }).played = played;
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor() {
        super();
        played.chimes += 1;
      }
    };
  });
  const chimes = () =>
    page.evaluate(() => (window as unknown as { played: { chimes: number } }).played.chimes);
  await signIn(page);
  await page.getByRole("button", { name: "Alerts" }).click();
  await page.getByRole("switch", { name: "Desktop notifications" }).click();
  await expect(page.getByText("Alert settings saved")).toBeVisible();
  // Saved on the server: it is the user's choice on every browser.
  const saved = await page.request.get("/api/inbox/alerts");
  expect(((await saved.json()) as { desktopAlerts: boolean }).desktopAlerts).toBe(true);

  const phone = uniquePhone();
  await textFrom(page, phone, "Do you deliver on Sundays?");
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
      ),
    )
    .toContainEqual(expect.stringContaining("Do you deliver on Sundays?"));
  // 'Play a sound' is off: no chime for that text.
  expect(await chimes()).toBe(0);

  await page.getByRole("switch", { name: "Play a sound" }).click();
  await expect(page.getByText("Alert settings saved").first()).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/inbox/alerts")).json()) as { sound: boolean }).sound,
    )
    .toBe(true);
  await textFrom(page, phone, "And on holidays?");
  await expect.poll(chimes).toBe(1);
  await page.request.put("/api/inbox/alerts", {
    headers: CSRF,
    data: { desktopAlerts: false, sound: false },
  });
  expect(errors).toEqual([]);
});
