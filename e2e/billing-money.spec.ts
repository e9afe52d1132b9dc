import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, expect as baseExpect, type Page, test } from "@playwright/test";
import pg from "pg";
import { keepScreenshot, logIn, MOBILE, skipBrandPrompt, watchConsole } from "./support";

// These journeys wait on card charges and billing passes: a loaded machine needs more than 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

// The e2e server's embedded PostgreSQL (playwright.config.ts).
const pgUrl = `postgres://postgres:parley@127.0.0.1:${Number(process.env.PARLEY_E2E_PORT) + 20_000}/parley`;
const PASSWORD = "flour-water-salt-2026";
const YEAR = new Date().getFullYear() + 2;

async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
) {
  const db = new pg.Client({ connectionString: pgUrl });
  await db.connect();
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.end();
  }
}

let serial = 0;

/**
 * A new business on its 14-day trial, signed in: made through the sign-up API (the sign-up page
 * has its own journey), its e-mail marked verified, then logged in through the login page.
 */
async function newBusiness(page: Page, name: string, ref?: string) {
  const email = `owner${Date.now()}${serial++}@${name.toLowerCase().replace(/\W+/g, "")}.test`;
  const res = await page.request.post("/api/auth/admin-signup", {
    data: {
      firstName: "Rosa",
      lastName: "Baker",
      email,
      password: PASSWORD,
      businessName: name,
      industry: 1,
      timezoneId: 1,
      phone: "(415) 555-0142",
      ...(ref ? { ref } : {}),
    },
    headers: { "x-parley-csrf": "1" },
  });
  expect(res.status()).toBe(200);
  const [row] = await sql<{ accountId: number }>(
    `update users set email_verified_at = now() where username = $1 returning account_id as "accountId"`,
    [email],
  );
  // The registration prompts belong to another journey: this business has registered.
  await sql("update accounts set brand_registration_status = 'complete' where id = $1", [
    row!.accountId,
  ]);
  await page.context().clearCookies();
  await page.goto("/auth/login");
  await logIn(page, { username: email, password: PASSWORD });
  await expect(page.getByTestId("sidebar")).toBeVisible();
  return { email, accountId: row!.accountId };
}

async function saveCardByApi(request: APIRequestContext, number: string) {
  const res = await request.put("/api/billing/payment-method", {
    data: { number, expMonth: 12, expYear: YEAR, cvc: "123", name: "Rosa Baker" },
    headers: { "x-parley-csrf": "1" },
  });
  return res.status();
}

async function moveBillingClock(request: APIRequestContext, days: number) {
  const res = await request.post("/api/billing/test-clock", {
    data: { days },
    headers: { "x-parley-csrf": "1" },
  });
  expect(res.status()).toBe(200);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Name on card").fill("Rosa Baker");
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Month").fill("12");
  await page.getByLabel("Year").fill(String(YEAR));
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Save Card" }).click();
}

async function chooseReason(page: Page, reason: string) {
  await page.goto("/billing/manage-subscription/cancel");
  await expect(page).toHaveURL(/cancel=1/);
  await page.getByRole("radio", { name: reason, exact: true }).check();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("each cancellation reason shows its offer; pause, confirm and after-cancel dialogs; reactivate", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  const biz = await newBusiness(page, "Rosa's Retention Bakery");

  // Too expensive: Cutting Expenses (plan switching) and the Lite plan offer.
  await page.goto("/billing/manage-subscription");
  await page.getByRole("link", { name: "Cancel Subscription" }).click();
  await expect(page).toHaveURL(/\/billing\/manage-subscription\/cancel\?cancel=1/);
  await page.getByRole("radio", { name: "Too expensive" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  const offer = page.getByTestId("cancel-offer");
  await expect(offer.getByRole("heading", { name: "Cutting Expenses?" })).toBeVisible();
  const lite = page.getByTestId("lite-offer");
  await expect(lite.getByText("$10 per month")).toBeVisible();
  await expect(lite.getByText("200 monthly messages")).toBeVisible();
  await expect(lite.getByRole("button", { name: "I'll give it a try" })).toBeVisible();
  await keepScreenshot(page, "cancel-offer-too-expensive");
  await offer.getByRole("button", { name: "Switch Plans" }).click();
  await expect(page).toHaveURL(/\/billing\/manage-subscription$/);
  await expect(page.getByText("the Lite plan is $10 a month for 200 messages")).toBeVisible();
  await expect(page.getByTestId("plan-lite")).toBeVisible();

  // My subscribers aren't receiving texts: the form, on the dashboard with registration forced.
  await chooseReason(page, "My subscribers aren't receiving texts");
  await expect(offer.getByText(/up to 90% better delivery/)).toBeVisible();
  await expect(offer.getByText(/under 1 business day/)).toBeVisible();
  await offer.getByRole("button", { name: "Let me see the form" }).click();
  await expect(page).toHaveURL(/\/dashboard\?forceBrandRegistration=1/);

  // The three scheduling offers: a booking link.
  for (const [reason, title, button] of [
    ["Not getting enough value from texting", "Free Consultation", "Book My Free Consultation"],
    ["Not sure how to use the service or features", "Free Walkthrough", "Book My Free Walkthrough"],
    ["Missing features I need", "Discover", "Schedule a Call"],
  ] as const) {
    await chooseReason(page, reason);
    await expect(offer.getByRole("heading", { name: title })).toBeVisible();
    const link = offer.getByRole("link", { name: button });
    await expect(link).toHaveAttribute("href", /.+/);
  }
  await offer.getByRole("link", { name: "Schedule a Call" }).click();
  await expect(page).toHaveURL(/\/help\/meet-with-an-engineer/);

  // Other Issue: the chat opens in a new window.
  await chooseReason(page, "Other Issue");
  await expect(offer.getByText(/within minutes during business hours/)).toBeVisible();
  const [chat] = await Promise.all([
    page.waitForEvent("popup"),
    offer.getByRole("button", { name: "Start a Chat" }).click(),
  ]);
  await expect(chat).toHaveURL(/\/help\/contact-us/);
  await chat.close();

  // Closing my business: no offer, straight to the confirm dialog; keeping it changes nothing.
  await chooseReason(page, "Closing my business");
  await expect(page).toHaveURL(/confirm=1/);
  const confirm = page.getByRole("dialog", { name: "Your Information Will Be Lost If You Cancel" });
  await expect(confirm.getByText("Chatbots are not restored if you reactivate.")).toBeVisible();
  await confirm.getByRole("button", { name: "Keep My Subscription" }).click();
  await expect(page).toHaveURL(/\/billing\/manage-subscription$/);

  // The whole way: reason, offer declined, pause declined, confirm, after-cancel, reactivate.
  await chooseReason(page, "Too expensive");
  await page.getByRole("button", { name: "No thanks, continue canceling" }).click();
  await expect(page).toHaveURL(/pause=1/);
  await expect(page.getByRole("heading", { name: "Take a break instead?" })).toBeVisible();
  await keepScreenshot(page, "cancel-pause-offer");
  await page.getByRole("button", { name: "No, continue canceling" }).click();
  await expect(page).toHaveURL(/confirm=1/);
  await keepScreenshot(page, "cancel-confirm-dialog");
  await confirm.getByRole("button", { name: "Cancel My Subscription" }).click();
  const after = page.getByRole("dialog", { name: "Your Account Will Be Cancelled" });
  await expect(after.getByText(/Your data is kept for 1 month/)).toBeVisible();
  await expect(after.getByRole("button", { name: "Close" })).toBeVisible();
  await keepScreenshot(page, "cancel-after-dialog");
  await after.getByRole("button", { name: "Reactivate" }).click();
  await expect(page).toHaveURL(/\/billing\/manage-subscription\/reactivate/);
  await page.getByRole("button", { name: "Reactivate" }).click();
  await expect(page).toHaveURL(/\/billing\/summary/);
  await expect(page.getByText("Free trial").first()).toBeVisible();

  // The stages were recorded for analytics (the screens post them without waiting for the answer).
  await expect
    .poll(async () => {
      const stages = await sql<{ stage: string }>(
        "select distinct stage from cancel_flow_events where account_id = $1",
        [biz.accountId],
      );
      return stages.map((s) => s.stage).sort();
    })
    .toEqual(["cancel", "canceled", "confirm", "kept", "offer_accepted", "pause"].sort());

  // 'I'll give it a try' with a card on file: the Lite plan, charged at once.
  expect(await saveCardByApi(page.request, "4242424242424242")).toBe(200);
  await chooseReason(page, "Too expensive");
  await page.getByRole("button", { name: "I'll give it a try" }).click();
  // Every charge is summed up with its amount and confirmed first.
  const pay = page.getByTestId("confirm-charge");
  await expect(pay.getByTestId("charge-amount")).toHaveText("$10.00");
  await expect(pay.getByText("Lite plan, 1 month")).toBeVisible();
  await expect(pay.getByText("Test payments: no money is charged.")).toBeVisible();
  await keepScreenshot(page, "confirm-charge-lite");
  await pay.getByRole("button", { name: "Pay $10.00" }).click();
  await expect(page).toHaveURL(/\/billing\/summary/);
  await expect(page.getByText("Lite", { exact: true })).toBeVisible();
  await expect(page.getByText("$10.00 per month · 200 messages")).toBeVisible();

  // Pause instead: the account is locked as paused until it is reactivated.
  await chooseReason(page, "Not getting enough value from texting");
  await page.getByRole("button", { name: "No thanks, continue canceling" }).click();
  await page.getByRole("button", { name: "Pause My Subscription" }).click();
  await expect(page.getByText("Your subscription is paused")).toBeVisible();
  // Paused: nothing renews, and the summary offers Reactivate, not an upgrade.
  await page.goto("/billing/summary");
  await expect(
    page.getByText("Auto-renew: off. Nothing is charged until you reactivate."),
  ).toBeVisible();
  await expect(page.getByRole("switch", { name: "Auto-renew" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Upgrade Account" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Reactivate" }).first()).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByTestId("account-state-banner")).toContainText("Your account is paused");
  const modal = page.getByRole("dialog");
  await expect(modal.getByRole("button", { name: "Reactivate" })).toBeVisible();
  await modal.getByRole("button", { name: "Just looking" }).click();
  await expect(modal).toBeHidden();
  await page.getByTestId("account-state-banner").getByRole("link", { name: "Reactivate" }).click();
  await page.getByRole("button", { name: "Reactivate" }).click();
  await page.getByTestId("confirm-charge").getByRole("button", { name: "Pay $10.00" }).click();
  await expect(page).toHaveURL(/\/billing\/summary/);
  await expect(page.getByTestId("account-state-banner")).toBeHidden();
  expect(errors.filter((e) => !/40[23]|Failed to load resource/.test(e))).toEqual([]);
});

test("trial ends (clock moved): the modal, writes refused, upgrade with a test card unlocks", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newBusiness(page, "Trial End Tacos");
  await moveBillingClock(page.request, 15);
  await page.goto("/dashboard");
  const modal = page.getByRole("dialog", { name: "Your Free Trial has ended!" });
  await expect(modal).toBeVisible();
  await keepScreenshot(page, "trial-ended-modal");
  await modal.getByRole("button", { name: "Just looking" }).click();
  await expect(page.getByTestId("account-state-banner")).toContainText("free trial has ended");
  // A write is refused with the reason; a read works.
  const write = await page.request.put("/api/account/settings/quiet_hours", {
    data: { val: [] },
    headers: { "x-parley-csrf": "1" },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.reason).toBe("expired_trial");

  await page
    .getByTestId("account-state-banner")
    .getByRole("link", { name: "Upgrade Account" })
    .click();
  await expect(page).toHaveURL(/\/billing\/manage-subscription\/upgrade/);
  await expect(page.getByTestId("test-payments")).toContainText("Test payments");
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByTestId("plan-starter").getByRole("button", { name: "Choose Starter" }).click();
  // Nothing is charged before the summary is confirmed.
  const pay = page.getByTestId("confirm-charge");
  await expect(pay.getByTestId("charge-amount")).toHaveText("$29.00");
  await expect(pay.getByText("500 messages a month")).toBeVisible();
  await expect(pay.getByText("Visa ending in 4242")).toBeVisible();
  await pay.getByRole("button", { name: "Cancel" }).click();
  await expect(pay).toBeHidden();
  await expect(page).toHaveURL(/\/billing\/manage-subscription\/upgrade/);
  await page.getByTestId("plan-starter").getByRole("button", { name: "Choose Starter" }).click();
  await pay.getByRole("button", { name: "Pay $29.00" }).click();
  await expect(page).toHaveURL(/\/billing\/summary/);
  await expect(page.getByTestId("test-payments")).toContainText("Test payments");
  await expect(page.getByText("Starter", { exact: true })).toBeVisible();
  await expect(page.getByTestId("account-state-banner")).toBeHidden();
  await page.goto("/dashboard");
  await expect(page.getByRole("dialog", { name: "Your Free Trial has ended!" })).toBeHidden();
});

test("a declined renewal: 'Oops, your card was declined!', update the card, unlocked", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newBusiness(page, "Declined Donuts");
  expect(await saveCardByApi(page.request, "4242424242424242")).toBe(200);
  const up = await page.request.post("/api/billing/upgrade", {
    data: { planId: "starter", amountCents: 2900 },
    headers: { "x-parley-csrf": "1" },
  });
  expect(up.status()).toBe(200);
  // A card whose charges are declined, then the renewal a month later.
  expect(await saveCardByApi(page.request, "4000000000000341")).toBe(200);
  await moveBillingClock(page.request, 32);
  await page.goto("/dashboard");
  const modal = page.getByRole("dialog", { name: "Oops, your card was declined!" });
  await expect(modal).toBeVisible();
  await keepScreenshot(page, "card-declined-modal");
  await modal.getByRole("button", { name: "Update Card" }).click();
  await expect(page).toHaveURL(/\/billing\/payment-method/);
  await fillCard(page, "4000 0000 0000 0002");
  await expect(
    page.getByRole("alert").filter({ hasText: "Oops, your card was declined!" }),
  ).toBeVisible();
  await fillCard(page, "4242 4242 4242 4242");
  await expect(page.getByTestId("card-on-file")).toHaveText("On file: Visa ending in 4242");
  await expect(page.getByTestId("account-state-banner")).toBeHidden();
  await page.goto("/billing/payment-history");
  await expect(page.getByRole("row").filter({ hasText: "renewal" }).first()).toContainText(
    "Failed",
  );
});

test("disabled by the operator: the banner without a modal, then enabled", async ({ page }) => {
  test.setTimeout(90_000);
  const biz = await newBusiness(page, "Disabled Diner");
  const admin = async (command: string) =>
    promisify(execFile)(
      process.execPath,
      [path.join("scripts", "admin.mjs"), command, String(biz.accountId)],
      { env: { ...process.env, DATABASE_URL: pgUrl } },
    );
  const out = await admin("disable-account");
  expect(out.stdout).toContain("disabled");
  await page.goto("/dashboard");
  await expect(page.getByTestId("account-state-banner")).toContainText(
    "disabled by an administrator",
  );
  await expect(page.getByRole("dialog")).toBeHidden();
  await keepScreenshot(page, "account-disabled-banner");
  await admin("enable-account");
  await page.reload();
  await expect(page.getByTestId("account-state-banner")).toBeHidden();
});

test("referral: a business signs up through the link and pays; the referrer is credited", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await newBusiness(page, "Referring Roasters");
  await page.goto("/billing/refer");
  const link = await page.getByTestId("referral-link").inputValue();
  expect(link).toMatch(/\/admin-signup\?ref=[a-z0-9]+$/);
  await keepScreenshot(page, "refer");

  // The friend opens the link and signs up on the page.
  const friendContext = await browser.newContext({ baseURL: new URL(link).origin });
  const friend = await friendContext.newPage();
  await friend.goto(new URL(link).pathname + new URL(link).search);
  await friend.getByLabel(/^First name/).fill("Ana");
  await friend.getByLabel(/^Last name/).fill("Cafe");
  await friend.getByLabel(/^Email/).fill(`ana${Date.now()}@anascafe.test`);
  await friend.getByLabel(/^Password/).fill("latte-and-crumbs-2026");
  await friend.getByLabel(/^Business name/).fill("Ana's Cafe");
  await friend.getByRole("combobox", { name: "Industry" }).click();
  await friend.getByRole("option").first().click();
  await friend.getByLabel(/^Business phone/).fill("(415) 555-0199");
  await friend.getByRole("button", { name: "Start My Free Trial" }).click();
  const dialog = friend.getByTestId("verification-sent");
  await dialog.getByRole("link", { name: "Open the link in this mail" }).click();
  await expect(friend).toHaveURL(/\/dashboard/);

  await page.goto("/billing/refer/view-referrals");
  await expect(page.getByTestId("referral-row")).toContainText("Ana's Cafe");
  await expect(page.getByTestId("referral-row")).toContainText("Signed up");

  // The friend pays: a card and a bundle of credits.
  await friend.goto("/billing/payment-method");
  await skipBrandPrompt(friend);
  await fillCard(friend, "4242 4242 4242 4242");
  await expect(friend.getByTestId("card-on-file")).toBeVisible();
  await friend.goto("/addons/purchase-messages");
  await friend.getByTestId("bundle-1000").getByRole("button", { name: "Buy 1,000" }).click();
  await friend.getByRole("dialog").getByRole("button", { name: "Pay $28.00" }).click();
  await expect(friend.getByText("Purchased 1,000 message credits").first()).toBeVisible();
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId("referral-row")).toContainText("Paid: credited");
  await expect(page.getByTestId("referral-row")).toContainText("500");
  await keepScreenshot(page, "view-referrals");
  await page.goto("/billing/refer");
  await expect(page.getByTestId("referrals-earned")).toHaveText("500");
});

test("add-ons, purchase messages and auto top-up, at 1280 and 390 px", async ({ page }) => {
  test.setTimeout(90_000);
  await newBusiness(page, "Bundle Bagels");
  await page.goto("/billing/add-ons");
  await expect(page.getByRole("link", { name: "Purchase Messages" })).toBeVisible();
  await keepScreenshot(page, "add-ons");
  await page.getByRole("link", { name: "Purchase Messages" }).click();
  await expect(page).toHaveURL(/\/addons\/purchase-messages/);
  await expect(page.getByText("Add a card to buy credits.")).toBeVisible();
  expect(await saveCardByApi(page.request, "4242424242424242")).toBe(200);
  await page.reload();
  await expect(page.getByTestId("credit-balance")).toContainText("500");
  await page.getByTestId("bundle-2500").getByRole("button", { name: "Buy 2,500" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pay $65.00" }).click();
  await expect(page.getByTestId("credit-balance")).toContainText("3,000");
  await keepScreenshot(page, "purchase-messages");

  await page.goto("/billing/summary");
  const topup = page.getByRole("region", { name: "Auto top-up" });
  await topup.getByLabel("Buy credits automatically").check();
  await topup.getByLabel("When credits fall below").fill("200");
  await topup.getByRole("button", { name: "Save Auto Top-up" }).click();
  await expect(page.getByText("Auto top-up is on")).toBeVisible();
  await page.reload();
  await expect(topup.getByLabel("When credits fall below")).toHaveValue("200");
  await keepScreenshot(page, "billing-summary");

  await page.setViewportSize(MOBILE);
  for (const [url, name] of [
    ["/billing/add-ons", "add-ons-mobile"],
    ["/addons/purchase-messages", "purchase-messages-mobile"],
    ["/billing/refer", "refer-mobile"],
    ["/billing/summary", "billing-summary-mobile"],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await keepScreenshot(page, name);
  }
  await chooseReason(page, "Too expensive");
  await keepScreenshot(page, "cancel-offer-mobile");
  await page.getByRole("button", { name: "No thanks, continue canceling" }).click();
  await page.getByRole("button", { name: "No, continue canceling" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await keepScreenshot(page, "cancel-confirm-mobile");
});

test("a keyword pack is released from the add-ons page, with its confirmation", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newBusiness(page, "Pretzel Packs");
  const bought = await page.request.post("/api/keywords/purchase", {
    data: {},
    headers: { "x-parley-csrf": "1" },
  });
  expect(bought.status()).toBe(200);
  await page.goto("/billing/add-ons");
  const packs = page.getByRole("region", { name: "Keyword packs" });
  await expect(packs).toContainText("1 keyword pack · $10.00 per month");
  await packs.getByRole("button", { name: "Release a keyword pack" }).click();
  const dialog = page.getByRole("dialog", { name: "Release a keyword pack?" });
  await expect(dialog).toContainText("What is already paid is not refunded.");
  await keepScreenshot(page, "release-keyword-pack");
  await dialog.getByRole("button", { name: "Release" }).click();
  await expect(dialog).toBeHidden();
  await expect(packs).toContainText("No keyword pack");
  await expect(packs.getByRole("button", { name: "Release a keyword pack" })).toHaveCount(0);
});

/** A Starter plan paid with a test card through the API (the upgrade page has its journey). */
async function starterPlan(request: APIRequestContext) {
  expect(await saveCardByApi(request, "4242424242424242")).toBe(200);
  const up = await request.post("/api/billing/upgrade", {
    data: { planId: "starter", amountCents: 2900 },
    headers: { "x-parley-csrf": "1" },
  });
  expect(up.status()).toBe(200);
}

test("a renewal the bank wants authenticated: e-mailed, opened from the link, completed", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const biz = await newBusiness(page, "Authenticated Artisans");
  await starterPlan(page.request);
  // A card whose payments the bank asks the cardholder to authenticate; the renewal a month on.
  expect(await saveCardByApi(page.request, "4000002760003184")).toBe(200);
  await moveBillingClock(page.request, 32);

  const [mail] = await sql<{ subject: string; text: string }>(
    `select subject, text_body as text from mail_messages
      where account_id = $1 and kind = 'confirm_payment'`,
    [biz.accountId],
  );
  expect(mail!.subject).toBe("Please confirm your Parley payment");
  expect(mail!.text).toContain("confirm the $29.00 payment");
  const link = /Confirm the payment: (\S+)/.exec(mail!.text)![1]!;
  expect(link).toMatch(/\/billing\/summary\?confirm=\d+$/);
  const url = new URL(link);
  await page.goto(url.pathname + url.search);

  const waiting = page.getByTestId("awaiting-confirmation");
  await expect(waiting).toContainText("$29.00");
  await expect(waiting).toContainText("(the payment from your e-mail)");
  await expect(page.getByText("Your bank asks you to confirm the last payment")).toBeVisible();
  await keepScreenshot(page, "confirm-payment-from-mail");
  await waiting.getByRole("button", { name: "Confirm payment" }).click();
  const bank = page.getByTestId("test-authentication");
  await expect(bank).toContainText("$29.00");
  await expect(bank).toContainText("No money is charged.");
  await bank.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByText("Payment confirmed. Thank you!")).toBeVisible();
  await expect(waiting).toBeHidden();
  await expect(page.getByTestId("account-state-banner")).toBeHidden();
  await expect(page.getByText(/^Renews /)).toBeVisible();
  await page.goto("/billing/payment-history");
  const renewal = page.getByRole("row").filter({ hasText: "renewal" }).first();
  await expect(renewal).toContainText("$29.00");
  await expect(renewal).toContainText("Paid");
});

test("add-ons: each confirmation shows what is charged now; the next invoice lists them", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newBusiness(page, "Numbered Noodles");
  await starterPlan(page.request);
  // The plan's included number, bought through the API (the numbers page has its journeys).
  const found = await page.request.get("/api/dedicated-numbers/available?areaCode=512");
  expect(found.status()).toBe(200);
  const included = (await found.json()).rows[0].number as string;
  const first = await page.request.post("/api/dedicated-numbers", {
    data: { number: included, name: "Main line", amountCents: 0 },
    headers: { "x-parley-csrf": "1" },
  });
  expect(first.status()).toBe(201);

  await page.goto("/billing/summary");
  const next = page.getByRole("table", { name: "Next invoice" });
  await expect(next).toContainText("Starter plan, 1 month");
  await expect(page.getByTestId("next-invoice-total")).toHaveText("$29.00");

  // A second number: its confirmation shows the month's price and what is charged now.
  await page.goto("/dedicated-numbers");
  await page.getByRole("button", { name: "Buy a number" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Buy a number" });
  await dialog.getByLabel("Area code").fill("512");
  await dialog.getByRole("button", { name: "Search" }).click();
  const choice = dialog.getByTestId("available-number").first();
  await expect(choice).toBeVisible();
  const shown = (await choice.getAttribute("aria-label")) ?? "";
  await choice.click();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByText("This number costs $5.00 per month")).toBeVisible();
  // The first day of the paid month: the whole month.
  await expect(dialog.getByTestId("charged-now")).toContainText(
    "Charged now: $5.00 (the rest of your paid period",
  );
  await keepScreenshot(page, "buy-number-charged-now");
  const buy = dialog.getByRole("button", { name: "Buy for $5.00/month" });
  await expect(buy).toBeDisabled();
  await dialog.getByLabel("I agree to pay $5.00 per month for this number").check();
  await buy.click();
  await expect(page.getByText(`${shown} is now yours`)).toBeVisible();
  const e164 = `+1${shown.replace(/\D/g, "")}`;

  // A keyword pack: its confirmation too.
  await page.goto("/optins/keywords?purchase=true");
  const pack = page.getByRole("dialog", { name: "Buy more keywords" });
  await expect(pack.getByTestId("charged-now")).toContainText("Charged now: $10.00");
  await pack.getByRole("button", { name: "Buy 5 keywords" }).click();
  await expect(page.getByText("Purchased 5 more keywords")).toBeVisible();

  // The billing screen: both are lines of the next invoice.
  await page.goto("/billing/summary");
  await expect(next).toContainText(`Extra number ${e164}, 1 month`);
  await expect(next).toContainText("Keyword pack (5 additional keywords), 1 month");
  await expect(page.getByTestId("next-invoice-total")).toHaveText("$44.00");
  await keepScreenshot(page, "next-invoice");
  await page.goto("/billing/payment-history");
  await expect(page.getByRole("row").filter({ hasText: `Extra number ${e164}` })).toContainText(
    "$5.00",
  );

  // A month on, the renewal's invoice has the same lines.
  await moveBillingClock(page.request, 32);
  await page.goto("/billing/payment-history");
  const renewal = page.getByRole("row").filter({ hasText: "renewal" }).first();
  await expect(renewal).toContainText("$44.00");
  await renewal.getByRole("link").click();
  const lines = page.getByTestId("invoice-lines");
  await expect(lines).toContainText("Starter plan, 1 month");
  await expect(lines).toContainText(`Extra number ${e164}, 1 month`);
  await expect(lines).toContainText("Keyword pack (5 additional keywords), 1 month");
});
