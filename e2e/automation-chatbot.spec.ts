import { expect, type Page, test } from "@playwright/test";
import {
  keepScreenshot,
  logInAsDemo,
  MOBILE,
  seriousA11yViolations as violations,
  watchConsole,
} from "./support";
import { received, uniquePhone } from "./virtual-phone";

async function pick(
  page: Page,
  scope: ReturnType<Page["getByTestId"]> | Page,
  label: string,
  option: string,
) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).first().click();
}

test("a chatbot made on the page asks a virtual phone, keeps the name as the first name and hands the conversation to the inbox", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/messages/chatbots");
  await expect(page.getByRole("heading", { name: "Chatbots", level: 1 })).toBeVisible();

  // The demo's bot has the demo number: one chatbot per number, said before any form is filled.
  await expect(page.getByRole("button", { name: "Create Chatbot" }).first()).toBeDisabled();
  await expect(page.getByText("Every number has a chatbot already")).toBeVisible();
  await keepScreenshot(page, "chatbots-every-number-taken");
  // It makes room.
  const demoRow = page.getByRole("row").filter({ hasText: "Table booking" });
  await demoRow.getByRole("button", { name: "Actions for Table booking" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(demoRow).toHaveCount(0);

  await page.getByRole("button", { name: "Create Chatbot" }).first().click();
  const editor = page.getByRole("dialog", { name: "Create Chatbot" });
  await editor.getByLabel("Name").fill("Bookings");
  await editor.getByRole("combobox", { name: "Number it answers on" }).click();
  await page.getByRole("option").first().click();
  await editor.getByRole("combobox", { name: "Trigger words" }).fill("BOOK");
  await editor.getByRole("combobox", { name: "Trigger words" }).press("Enter");
  // Step 1 is the starter menu; choice 1 leads to a new step that asks for the name.
  await editor
    .getByLabel("Question of step 1", { exact: true })
    .fill("Hello! What would you like?");
  await editor.getByLabel("Choice 1 of step 1", { exact: true }).fill("Book a table");
  await editor.getByRole("button", { name: "Add step" }).click();
  const step4 = editor.getByTestId("step-4");
  await step4.getByRole("combobox", { name: "Kind of step 4" }).click();
  await page.getByRole("option", { name: "Collect an answer" }).click();
  await step4
    .getByLabel("Question of step 4", { exact: true })
    .fill("What name is the booking under?");
  // The answer can be the subscriber's own first name, not only a custom field.
  await step4.getByRole("combobox", { name: "Keep the answer in", exact: true }).click();
  await expect(page.getByRole("option", { name: "Booking Name" })).toBeVisible();
  await page.getByRole("option", { name: "First Name" }).click();
  await pick(page, step4, "Then", "Step 2: Hand off to a person");
  const step1 = editor.getByTestId("step-1");
  await pick(page, step1, "Choice 1 leads to", "Step 4: Collect an answer");
  const step2 = editor.getByTestId("step-2");
  await step2
    .getByLabel("Reply before handing off (optional) of step 2")
    .fill("Thanks! Dana will confirm shortly.");
  await pick(page, step2, "Hand the conversation to", "Dana Demo");
  await keepScreenshot(page, "chatbot-editor");
  await editor.getByRole("button", { name: "Create Chatbot" }).click();
  await expect(editor).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: "Bookings" });
  await expect(row).toContainText("Starts on BOOK");

  // Played from a virtual phone in the page's tester.
  await row.getByRole("button", { name: "Test Bookings" }).click();
  const tester = page.getByRole("dialog", { name: "Test Bookings" });
  const phone = uniquePhone();
  await tester.getByLabel("Virtual phone", { exact: true }).fill(phone);
  const say = async (words: string, answer: string) => {
    await tester.getByLabel("Text from the virtual phone").fill(words);
    await tester.getByRole("button", { name: "Send" }).click();
    await expect(tester.getByTestId("tester-received").last()).toContainText(answer, {
      timeout: 20_000,
    });
  };
  await say("book", "Hello! What would you like?");
  await expect(tester.getByTestId("tester-received").last()).toContainText("1. Book a table");
  await say("1", "What name is the booking under?");
  await say("Grace Hopper", "Thanks! Dana will confirm shortly.");
  await keepScreenshot(page, "chatbot-tester");
  expect(await received(page, phone)).toHaveLength(3);
  await page.keyboard.press("Escape");
  await expect(row).toContainText("1");

  // The name is in the field, and the conversation is in the inbox: assigned, marked Chatbot.
  const found = await page.request.get(
    `/api/inbox/conversations/find?number=${encodeURIComponent(phone)}`,
  );
  const conversationId = ((await found.json()) as { numberId: number }).numberId;
  const sub = await page.request.get(`/api/subscribers/${conversationId}`);
  expect(await sub.json()).toMatchObject({ firstName: "Grace Hopper" });
  await page.goto(`/inbox?conversation=${conversationId}`);
  await expect(page.getByText("Thanks! Dana will confirm shortly.").first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText("Chatbot", { exact: true }).first()).toBeVisible();
  await keepScreenshot(page, "chatbot-inbox");

  await page.setViewportSize(MOBILE);
  await page.goto("/messages/chatbots");
  await expect(page.getByRole("row").filter({ hasText: "Bookings" })).toBeVisible();
  await keepScreenshot(page, "chatbots-mobile");
  expect(errors).toEqual([]);
});

test("a campaign's details show the combined figures of its sends and drip", async ({ page }) => {
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/messages/campaigns");
  await expect(page.getByRole("heading", { name: "Campaigns", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Fall promotion" }).click();
  await expect(page).toHaveURL(/\/messages\/campaigns\/details\?id=\d+$/);
  await expect(page.getByTestId("campaign-name")).toHaveText("Fall promotion");
  const sent = await page.getByTestId("stat-sent").innerText();
  expect(Number(sent.replace(/,/g, ""))).toBeGreaterThan(0);
  const delivered = await page.getByTestId("stat-delivered").innerText();
  expect(Number(delivered.replace(/,/g, ""))).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { name: "Failed, by reason" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Loyalty Club welcome" })).toBeVisible();
  await keepScreenshot(page, "campaign-details");

  // A new campaign: created, named, then deleted after a confirm.
  await page.goto("/messages/campaigns");
  await page.getByRole("button", { name: "Create Campaign" }).first().click();
  await page.getByRole("dialog").getByLabel("Name").fill("Holiday push");
  await page.getByRole("dialog").getByRole("button", { name: "Create Campaign" }).click();
  await expect(page.getByTestId("campaign-name")).toHaveText("Holiday push");
  await expect(page.getByTestId("stat-sent")).toHaveText("0");
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/messages\/campaigns$/);
  await expect(page.getByRole("link", { name: "Holiday push" })).toHaveCount(0);

  await page.setViewportSize(MOBILE);
  await page.getByRole("link", { name: "Fall promotion" }).click();
  await expect(page.getByTestId("stat-sent")).toBeVisible();
  await keepScreenshot(page, "campaign-details-mobile");
  expect(errors).toEqual([]);
});

test("chatbots and campaigns screens have no serious or critical accessibility violation", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logInAsDemo(page);
  const found: string[] = [];
  for (const path of ["/messages/chatbots", "/messages/campaigns"]) {
    await page.goto(path);
    for (const v of await violations(page)) found.push(`${path}: ${v}`);
  }
  await page.getByRole("link", { name: "Fall promotion" }).click();
  await expect(page.getByTestId("stat-sent")).toBeVisible();
  for (const v of await violations(page)) found.push(`details: ${v}`);
  await page.goto("/messages/chatbots");
  // Every number has its bot here (Create is disabled with its reason): the editor of one.
  const first = page.getByRole("button", { name: /^Actions for / }).first();
  await first.click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Chatbot" })).toBeVisible();
  for (const v of await violations(page)) found.push(`editor: ${v}`);
  expect(found).toEqual([]);
});
