import { hash } from "@node-rs/argon2";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { formatUsNumber } from "../src/domain/phone";
import { SIMULATED_REVIEWS, TOLL_FREE_BANNER_TEXT } from "../src/domain/registrations";
import { keepScreenshot, logIn, logInAsDemo, MOBILE, watchConsole } from "./support";
import { uniquePhone } from "./virtual-phone";

// Journeys with carrier calls and a registry review (REGISTRY_REVIEW_SECONDS in playwright.config.ts).
test.describe.configure({ timeout: 120_000 });

const CSRF = { "x-parley-csrf": "1" };
const pgUrl = `postgres://postgres:parley@127.0.0.1:${Number(process.env.PARLEY_E2E_PORT) + 20_000}/parley`;

async function withDb<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: pgUrl });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/** A new business of its own (no numbers, brand prompt never seen), as after sign-up. */
async function newBusiness() {
  const tag = Date.now().toString(36);
  const owner = { username: `tf-owner-${tag}`, password: "registry-pass-1" };
  await withDb(async (db) => {
    const account = await db.query<{ id: number }>(
      `insert into accounts (account_name, business_name, email)
       values ($1, 'Bean There Coffee', $2) returning id`,
      [`bean-there-${tag}`, `${owner.username}@beanthere.coffee`],
    );
    await db.query(
      `insert into users (account_id, username, email, password_hash, first_name, permission_level)
       values ($1, $2, $3, $4, 'Bea', 3)`,
      [
        account.rows[0]!.id,
        owner.username,
        `${owner.username}@beanthere.coffee`,
        await hash(owner.password),
      ],
    );
  });
  return owner;
}

test("a toll-free verification approved by the registry lifts the banner", async ({ page }) => {
  const errors = watchConsole(page);
  const owner = await newBusiness();
  await page.goto("/auth/login");
  await logIn(page, owner);
  await expect(page.getByTestId("sidebar")).toBeVisible();

  // First visit of the session: the brand registration modal asks; skipped, the banner stays.
  const modal = page.getByRole("dialog", { name: "Register your brand" });
  await expect(modal).toBeVisible();
  await keepScreenshot(page, "brand-registration-modal");
  await modal.getByRole("button", { name: "Skip for now" }).click();
  await expect(modal).toBeHidden();
  // One strip at a time: having no number to send from comes before the brand.
  const banner = page.getByTestId("toll-free-banner");
  await expect(banner).toHaveText(new RegExp(TOLL_FREE_BANNER_TEXT.no_number.slice(0, 40)));
  await expect(page.getByTestId("brand-registration-banner")).toBeHidden();

  // The tour's "send your first message" says where the number comes from.
  await page.request.put("/api/tour", { headers: CSRF, data: { action: "restart" } });
  await page.request.put("/api/tour", { headers: CSRF, data: { action: "advance" } });
  await page.goto("/send-message");
  const needs = page.getByTestId("tour-needs-number");
  await expect(needs).toContainText("Your first message needs a number to send from.");
  await keepScreenshot(page, "tour-needs-number-desktop");
  await needs.getByRole("link", { name: "Get a number" }).click();
  await expect(page).toHaveURL(/\/dedicated-numbers$/);

  // A toll-free number, bought as the account's included one.
  const available = await page.request.get("/api/dedicated-numbers/available?tollFree=true");
  const number = ((await available.json()) as { rows: { number: string }[] }).rows[0]!.number;
  const bought = await page.request.post("/api/dedicated-numbers", {
    headers: CSRF,
    data: { number, name: "Main line" },
  });
  expect(bought.status()).toBe(201);
  await page.reload();
  await expect(banner).toContainText(TOLL_FREE_BANNER_TEXT.unverified);
  await banner.getByRole("link", { name: "Verify now" }).click();
  await expect(page.getByTestId("tf-status")).toHaveText("Not submitted");
  // No carrier is configured: the form says plainly that the review is simulated.
  await expect(page.getByTestId("registry-simulated")).toContainText(SIMULATED_REVIEWS.title);

  await page.getByLabel("Website").fill("https://beanthere.coffee");
  await page.getByLabel("Contact phone").fill("(512) 555-0199");
  await page.getByLabel("Use case").fill("Order updates and weekly offers");
  await page
    .getByLabel("Sample message")
    .fill("Bean There: your latte is ready at the counter! Reply STOP to opt out.");
  await page
    .getByLabel("How subscribers opt in")
    .fill("Customers text JOIN to our number or tick a box at checkout.");
  await page.getByRole("button", { name: "Submit verification" }).click();
  // In review for REGISTRY_REVIEW_SECONDS (6 s in playwright.config.ts).
  await expect(page.getByTestId("tf-status")).toHaveText("In review");
  await expect(banner).toContainText(TOLL_FREE_BANNER_TEXT.pending);
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, "toll-free-banner-pending-desktop");
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "toll-free-banner-pending-mobile");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The registry emulator decides after its delay: verified, banner gone, without a reload.
  await expect(page.getByTestId("tf-status")).toHaveText("Verified", { timeout: 30_000 });
  await expect(banner).toBeHidden();
  await expect(page.getByTestId("brand-registration-banner")).toContainText("Register your brand");
  await page.getByRole("link", { name: /^Notifications/ }).click();
  await expect(page.getByText(`Toll-free verification of ${number} approved`)).toBeVisible();
  await keepScreenshot(page, "toll-free-verified-desktop");

  // The 10DLC page says it too, and how long the simulated review takes.
  await page.goto("/number-registration");
  await expect(page.getByTestId("registry-simulated")).toContainText(SIMULATED_REVIEWS.title);
  await expect(page.getByText("Simulated: about 6 seconds")).toBeVisible();
  expect(errors).toEqual([]);
});

async function tourButton(page: Page, name: string, tooltip: string) {
  const bar = page.getByTestId("tour-bar");
  const button = bar.getByRole("button", { name, exact: true });
  await button.hover();
  await expect(page.getByRole("tooltip")).toHaveText(tooltip);
  return button;
}

test("the guided tour is walked to the end, then restarted and skipped", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/settings");
  await page.getByRole("button", { name: "Show the guided tour" }).click();
  const bar = page.getByTestId("tour-bar");
  await expect(bar).toBeVisible();
  await expect(bar.locator('[aria-current="step"]')).toContainText("ADD YOUR FIRST SUBSCRIBER");
  await expect(bar.getByRole("button", { name: "Skip Tour" })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, "tour-step-1-desktop");
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "tour-step-1-mobile");
  await page.setViewportSize({ width: 1280, height: 800 });

  await (await tourButton(page, "Start", "Start by adding your first subscriber")).click();
  await expect(page).toHaveURL(/\/subscribers\/manage/);
  await (
    await tourButton(
      page,
      "Next Step",
      "Once you have added a subscriber, you may continue on to the next step",
    )
  ).click();
  await expect(page).toHaveURL(/\/send-message/);
  await expect(bar.locator('[aria-current="step"]')).toContainText("SEND YOUR FIRST MESSAGE");
  await (
    await tourButton(
      page,
      "Final Step",
      "Once you have sent a message, you may continue on to the next step",
    )
  ).click();
  await expect(page).toHaveURL(/\/reports\/sent-messages/);
  // On the reporting page the walk is done: 'Finish' only, no 'Skip Tour', a full bar.
  const finish = await tourButton(page, "Finish", "You may now dismiss this guide");
  await expect(bar.getByRole("button", { name: "Skip Tour" })).toHaveCount(0);
  await expect(page.getByTestId("tour-progress").locator("[role=progressbar]")).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  await keepScreenshot(page, "tour-finished-desktop");
  await finish.click();
  await expect(bar).toBeHidden();
  expect(await (await page.request.get("/api/tour")).json()).toEqual({ step: 0 });

  // Again, and skipped this time; the number registration page never shows the bar.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Show the guided tour" }).click();
  await expect(bar).toBeVisible();
  await page.goto("/number-registration");
  await expect(page.getByRole("heading", { name: "Number Registration", level: 1 })).toBeVisible();
  await expect(bar).toBeHidden();
  await page.goto("/dashboard");
  await bar.getByRole("button", { name: "Skip Tour" }).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(bar).toBeHidden();
  expect(await (await page.request.get("/api/tour")).json()).toEqual({ step: 5 });
  expect(errors).toEqual([]);
});

test("international credits: the dialog, the $20 purchase and a text to Canada", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const setInternational = (n: number) =>
    withDb((db) =>
      db.query(
        `update account_credits set international_balance = $1
          where account_id = (select account_id from users where username = 'demo')`,
        [n],
      ),
    );
  await setInternational(0);
  await page.goto("/send-message");
  const editor = page.getByTestId("message-editor");
  await editor.click();
  await page.keyboard.insertText("Bonjour! Our maple latte is back.");
  const sendTest = async () => {
    await page.getByRole("button", { name: "Send Test" }).click();
    const modal = page.getByRole("dialog", { name: "Send Test Message" });
    await modal.getByLabel("Phone number").fill("(416) 555-0142");
    await modal.getByRole("button", { name: "Send Test" }).click();
  };
  await sendTest();
  const dialog = page.getByRole("dialog", { name: "Failed to send to international recipients" });
  await expect(
    dialog.getByText(
      "To send this message, you can add more international credits to your account",
    ),
  ).toBeVisible();
  await keepScreenshot(page, "international-dialog");
  await dialog.getByRole("button", { name: "Purchase $20" }).click();
  await expect(page.getByText("Purchased $20 of international credits")).toBeVisible();
  await sendTest();
  await expect(page.getByText("Test Message Sent")).toBeVisible();

  // The text went out to the Canadian number and spent one international credit.
  await page.goto("/addons/international-messages");
  await expect(page.getByTestId("international-balance")).toHaveText("19");
  await keepScreenshot(page, "international-messages-desktop");
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "international-messages-mobile");
  const sent = await withDb((db) =>
    db.query<{ body: string }>(
      `select body from messages where to_number = '+14165550142' and source = 'test'`,
    ),
  );
  expect(sent.rows.map((r) => r.body)).toContain("Bonjour! Our maple latte is back.");
  expect(errors.filter((e) => !e.includes("402"))).toEqual([]);
});

test("a reply texts the owner's phone, received on a virtual phone", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const owner = uniquePhone();
  const texter = uniquePhone();
  await page.goto("/addons/phone-alerts");
  await page.getByLabel("Text me when a subscriber replies").check();
  await page.getByLabel("Your mobile phone").fill(formatUsNumber(owner));
  await page.getByRole("button", { name: "Save Phone Alerts" }).click();
  await expect(page.getByText("Phone alerts are on")).toBeVisible();
  await keepScreenshot(page, "phone-alerts-desktop");
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "phone-alerts-mobile");
  await page.setViewportSize({ width: 1280, height: 800 });

  try {
    // A customer texts the business from a virtual phone.
    await page.goto("/virtual-phones");
    await page.getByRole("button", { name: "Text from a new phone" }).click();
    const modal = page.getByRole("dialog", { name: "Text from a new phone" });
    await modal.getByLabel("From (the virtual phone)").fill(formatUsNumber(texter));
    await modal.getByLabel("Message").fill("Do you have oat milk today?");
    await modal.getByRole("button", { name: "Send text" }).click();
    await expect(modal).toBeHidden();

    // The owner's phone (another virtual phone) gets the alert.
    await page.goto("/virtual-phones");
    const phone = page.getByTestId("virtual-phone").filter({ hasText: formatUsNumber(owner) });
    await expect(async () => {
      await page.reload();
      await expect(phone).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await phone.click();
    await expect(page.getByTestId("thread").getByTestId("thread-message").last()).toContainText(
      `Parley: new reply from ${formatUsNumber(texter)}: "Do you have oat milk today?"`,
    );
    await keepScreenshot(page, "phone-alert-received");
  } finally {
    await page.request.put("/api/addons/phone-alerts", {
      headers: CSRF,
      data: { enabled: false, phone: owner },
    });
  }
  expect(errors).toEqual([]);
});
