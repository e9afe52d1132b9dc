import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { INBOX_TEXT } from "../src/domain/inbox.schemas";
import { DEMO, keepScreenshot, MOBILE, watchConsole } from "./support";
import { CSRF, textFrom, uniquePhone } from "./virtual-phone";

/** A subscriber with a name, and a first text from their (virtual) phone: a conversation. */
async function conversationWith(page: Page, firstName: string, body: string) {
  const phone = uniquePhone();
  const created = await page.request.post("/api/subscribers", {
    headers: CSRF,
    data: { attestation: true, number: phone, firstName, lastName: "Tester" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await textFrom(page, phone, body);
  return { id, phone, name: `${firstName} Tester` };
}

/** The virtual phone texts our number: through the emulator and the real inbound webhook. */

/** A second user in the demo account (invited, then signed up), so conversations can be assigned. */
async function addTeammate(page: Page, request: APIRequestContext) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `inbox-${stamp}@example.test`;
  const invited = await page.request.post("/api/users/invites", {
    headers: CSRF,
    data: { email, permissionLevel: 1, groupIds: [], longcodeIds: [], disableMassMessaging: false },
  });
  expect(invited.status()).toBeLessThan(300);
  const box = (await (await page.request.get("/api/mailbox?pageSize=20")).json()) as {
    rows: { id: number; to: string }[];
  };
  const mail = box.rows.find((m) => m.to.includes(email));
  expect(mail).toBeTruthy();
  const detail = (await (await page.request.get(`/api/mailbox/${mail!.id}`)).json()) as {
    text: string;
  };
  const key = decodeURIComponent(/key=([^\s&]+)/.exec(detail.text)![1]!);
  const accepted = await request.post("/api/users/invites/accept", {
    headers: CSRF,
    data: {
      accessKey: key,
      username: `inbox_${stamp}`,
      email,
      phoneNumber: "",
      password: "teammate-pass-1",
    },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/** Signs in as the demo owner through the API (the browser shares its cookies), then opens a page. */
async function signIn(page: Page, path = "/inbox") {
  const res = await page.request.post("/api/auth/login", {
    headers: CSRF,
    data: { username: DEMO.username, password: DEMO.password },
  });
  expect(res.status()).toBe(200);
  await page.goto(path);
}

test("a reply from a virtual phone appears live; answering and assigning", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "/virtual-phones");
  // The first page after the server starts may take a while on a busy machine.
  await expect(page.getByTestId("sidebar")).toBeVisible({ timeout: 20_000 });
  await addTeammate(page, request);
  const c = await conversationWith(page, "Rita", "Hello, are you open today?");

  await page.getByTestId("sidebar").getByRole("link", { name: "Inbox" }).click();
  await expect(page).toHaveURL(/\/inbox/);
  const row = page.getByTestId("conversation-row").filter({ hasText: c.name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("unread-badge")).toHaveText("1");
  await row.getByRole("button").click();
  await expect(page.getByTestId("conversation-title")).toHaveText(c.name);
  const thread = page.getByTestId("thread");
  await expect(thread.getByTestId("thread-message").last()).toContainText(
    "Hello, are you open today?",
  );

  // A reply texted now shows up without a reload.
  await textFrom(page, c.phone, "Also, do you sell gift cards?");
  await expect(thread.getByTestId("thread-message").last()).toContainText(
    "do you sell gift cards?",
    {
      timeout: 10_000,
    },
  );
  await expect(row).toContainText("do you sell gift cards?");

  // Answer from the inbox: the message joins the thread with its delivery status.
  await page.getByTestId("message-editor").click();
  await page.keyboard.type("Yes, until 6 pm. Gift cards too!");
  await page.getByTestId("send-reply").click();
  const mine = thread.getByTestId("thread-message").filter({ hasText: "Gift cards too!" });
  await expect(mine).toBeVisible();
  await expect(mine).toHaveAttribute("data-type", "message");
  await expect(mine.getByTestId("message-status")).toHaveText(/Sent|Delivered|Queued|Sending/);
  await expect(row).toContainText("Gift cards too!");
  // Only our own text can be deleted; a three-message thread is whole, with no "end" line.
  await expect(mine.getByRole("button", { name: "Delete message" })).toBeVisible();
  const theirs = thread.getByTestId("thread-message").filter({ hasText: "gift cards?" });
  await expect(theirs.getByRole("button", { name: "Delete message" })).toHaveCount(0);
  await expect(thread.getByText(INBOX_TEXT.end)).toHaveCount(0);
  await keepScreenshot(page, "inbox-thread-own-delete");

  // Assign it to me: it moves to Mine.
  await page.getByRole("combobox", { name: "Assigned to" }).click();
  await page.getByRole("option", { name: "Me", exact: true }).click();
  await expect(page.getByText(INBOX_TEXT.reassigned)).toBeVisible();
  await page.getByRole("tab", { name: /Mine/ }).click();
  await expect(page.getByTestId("conversation-row").filter({ hasText: c.name })).toBeVisible();
  await keepScreenshot(page, "inbox-desktop");
  expect(errors).toEqual([]);
});

test("bulk archive moves the selected conversations to Archived", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signIn(page);
  const one = await conversationWith(page, "Bulky", "first");
  const two = await conversationWith(page, "Bulkier", "second");
  await page.goto("/inbox");
  const rowOne = page.getByTestId("conversation-row").filter({ hasText: one.name });
  const rowTwo = page.getByTestId("conversation-row").filter({ hasText: two.name });
  await expect(rowOne).toBeVisible();

  await page.getByRole("button", { name: "Select conversations" }).click();
  await rowOne.getByRole("checkbox").check();
  await rowTwo.getByRole("checkbox").check();
  await expect(page.getByTestId("bulk-bar")).toContainText("2 selected");
  await page.getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menuitem", { name: "Archive", exact: true }).click();
  await expect(page.getByText(INBOX_TEXT.bulkArchived)).toBeVisible();
  await expect(rowOne).toBeHidden();
  await expect(rowTwo).toBeHidden();

  // The selection clears when the tab changes; both are under Archived.
  await page.getByRole("tab", { name: /Archived/ }).click();
  await expect(page.getByTestId("bulk-bar")).toContainText("0 selected");
  await expect(page.getByTestId("conversation-row").filter({ hasText: one.name })).toBeVisible();
  await expect(page.getByTestId("conversation-row").filter({ hasText: two.name })).toBeVisible();

  // A new reply brings a conversation back from the archive.
  await textFrom(page, one.phone, "me again");
  await page.getByRole("tab", { name: /All/ }).click();
  await expect(page.getByTestId("conversation-row").filter({ hasText: one.name })).toBeVisible();
  expect(errors).toEqual([]);
});

test("after unsubscribing, sending is refused with the spec's text", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signIn(page);
  const c = await conversationWith(page, "Una", "please stop texting me soon");
  await page.goto(`/inbox?conversation=${c.id}`);
  await expect(page.getByTestId("conversation-title")).toHaveText(c.name);
  await page.getByRole("button", { name: "Conversation actions" }).click();
  await page.getByRole("menuitem", { name: "Unsubscribe" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText(INBOX_TEXT.unsubscribed)).toBeVisible();

  // Opened again (it is under Archived now): the editor says why, and Send stays off.
  await page.goto(`/inbox?conversation=${c.id}&conversationType=archived`);
  await expect(page.getByTestId("send-disabled-reason")).toHaveText(INBOX_TEXT.unsubscribedSend);
  await expect(page.getByTestId("send-reply")).toBeDisabled();
  await expect(page.getByTestId("thread-marker").last()).toContainText("Unsubscribed");
  // The server refuses too, with the same words.
  const ctx = (await (await page.request.get("/api/inbox/context")).json()) as {
    numbers: { id: number }[];
  };
  const res = await page.request.post(`/api/inbox/conversations/${c.id}/messages`, {
    headers: CSRF,
    data: { message: "Are you there?", phoneNumberId: ctx.numbers[0]!.id },
  });
  expect(res.status()).toBe(409);
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
    INBOX_TEXT.unsubscribedSend,
  );
  expect(errors).toEqual([]);
});

test("on a phone a conversation is a slide-over that Back closes", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await page.setViewportSize(MOBILE);
  await signIn(page);
  const c = await conversationWith(page, "Mobi", "Texting from my phone");
  await page.goto("/inbox");
  const row = page.getByTestId("conversation-row").filter({ hasText: c.name });
  await expect(row).toBeVisible();
  await keepScreenshot(page, "inbox-mobile-list");
  await row.getByRole("button").click();
  const over = page.getByTestId("conversation-slide-over");
  await expect(over).toBeVisible();
  await expect(page).toHaveURL(/#conversation$/);
  await expect(over.getByTestId("thread-message").last()).toContainText("Texting from my phone");
  await keepScreenshot(page, "inbox-mobile-conversation");
  await page.goBack();
  await expect(over).toBeHidden();
  await expect(row).toBeVisible();

  // New conversation: #composition, with the Quick Add hints.
  await page.getByRole("button", { name: "New conversation" }).click();
  await expect(page).toHaveURL(/#composition$/);
  const compose = page.getByTestId("new-conversation");
  await compose.getByLabel("To").fill("hello");
  await expect(compose.getByTestId("quick-add-hint")).toHaveText(INBOX_TEXT.quickAddInvalid);
  await compose.getByLabel("To").fill(c.phone.slice(2));
  await expect(compose.getByTestId("quick-add-hint")).toHaveText(INBOX_TEXT.quickAddExisting);
  await page.goBack();
  await expect(compose).toBeHidden();
  expect(errors).toEqual([]);
});
