import { readFileSync } from "node:fs";
import path from "node:path";
import { expect as baseExpect, type Page, type Route, test } from "@playwright/test";
import type Stripe from "stripe";
import {
  type StripeStandIn,
  startStripeStandIn,
} from "../src/server/features/billing/stripe-stand-in";
import { type OwnServer, signUpBusiness, startOwnServer } from "./own-server";
import { keepScreenshot, MOBILE, watchConsole } from "./support";

/**
 * Parley with Stripe (PAYMENTS=stripe), in the browser: the official SDK on the server talks to
 * our Stripe stand-in (started here, in the test process); the browser gets our stand-in for
 * Stripe.js (e2e/stripe-js-stand-in.js, served at js.stripe.com through page.route, because the
 * browser here cannot reach Stripe). What Stripe.js sends to api.stripe.com is answered here as
 * Stripe would: the card set up or the payment authenticated at the stand-in, and Stripe's signed
 * event posted to Parley's webhook. This spec starts its own server, on its own ports, in Stripe
 * mode; a new business signs up on it.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
const SECRET_KEY = "sk_test_parley_e2e";
const PUBLISHABLE_KEY = "pk_test_parley_e2e";
const WEBHOOK_SECRET = "whsec_parley_e2e";
const PASSWORD = "ledger-and-quill-2026";
const STRIPE_JS = readFileSync(path.join("e2e", "stripe-js-stand-in.js"), "utf8");

let server: OwnServer;
let origin = "";
let standIn: StripeStandIn;
/** Parley's answers to the events posted to its webhook, in order. */
const delivered: { type: string; status: number; outcome?: string }[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  standIn = await startStripeStandIn(SECRET_KEY);
  // A new business signs up: the demo's history is not needed (and costs the start time).
  server = await startOwnServer(25_000, {
    PAYMENTS: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: standIn.url,
  });
  origin = server.origin;
});

test.afterAll(async () => {
  await standIn?.close();
  await server?.stop();
});

/** Stripe's event posted to Parley as Stripe sends it: the exact bytes, signed. */
async function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const res = await fetch(`${origin}/webhooks/stripe`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": standIn.signed(payload, WEBHOOK_SECRET),
    },
    body: payload,
  });
  const body = (await res.json().catch(() => ({}))) as { outcome?: string };
  delivered.push({ type: event.type, status: res.status, outcome: body.outcome });
}

/**
 * Stripe's side of what Stripe.js asks at api.stripe.com (with the publishable key): a card
 * entered in the Payment Element sets up the SetupIntent at the stand-in; a payment the bank wants
 * authenticated waits for the dialog; the authentication's outcome settles it. Each outcome is
 * Stripe's event, posted to Parley's webhook before Stripe.js hears back, as Stripe does.
 */
async function answerStripeJs(route: Route) {
  const req = route.request();
  const url = new URL(req.url());
  const form = Object.fromEntries(
    req.method() === "GET" ? url.searchParams : new URLSearchParams(req.postData() ?? ""),
  );
  const reply = (status: number, body: unknown) =>
    route.fulfill({
      status,
      contentType: "application/json",
      headers: { "access-control-allow-origin": "*" },
      body: JSON.stringify(body),
    });
  if (form.key !== PUBLISHABLE_KEY)
    return reply(401, {
      error: { type: "invalid_request_error", message: "Invalid API Key provided" },
    });
  const intentOf = (id: string) => {
    const pi = standIn.paymentIntents().find((p) => p.id === id);
    if (!pi) return null;
    return {
      id: pi.id,
      object: "payment_intent",
      amount: pi.amount,
      currency: "usd",
      client_secret: form.client_secret,
      // The stand-in's cards that need authentication ask for it whenever the customer is here.
      status: pi.status === "succeeded" ? "succeeded" : "requires_action",
      next_action: pi.status === "succeeded" ? null : { type: "use_stripe_sdk" },
    };
  };
  const setup = url.pathname.match(/^\/v1\/setup_intents\/([^/]+)\/confirm$/);
  if (req.method() === "POST" && setup) {
    const event = standIn.completeSetup(setup[1]!, form["payment_method_data[card][number]"]!, {
      month: Number(form["payment_method_data[card][exp_month]"]),
      year: Number(form["payment_method_data[card][exp_year]"]),
    });
    await deliver(event);
    const si = event.data.object as unknown as { last_setup_error: unknown };
    if (event.type === "setup_intent.setup_failed")
      return reply(402, { error: { ...(si.last_setup_error as object), setup_intent: si } });
    return reply(200, si);
  }
  const confirm = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/);
  if (confirm) {
    const pi = intentOf(confirm[1]!);
    return pi
      ? reply(200, pi)
      : reply(404, { error: { type: "invalid_request_error", code: "resource_missing" } });
  }
  if (req.method() === "POST" && url.pathname === "/v1/3ds2/authenticate") {
    const event =
      form.outcome === "complete"
        ? standIn.authenticate(form.payment_intent!)
        : standIn.failAuthentication(form.payment_intent!);
    await deliver(event);
    return reply(200, { ...event.data.object, client_secret: form.client_secret });
  }
  return reply(404, {
    error: { type: "invalid_request_error", message: "Unrecognized request URL" },
  });
}

/** A new business on its trial, its owner signed in (the sign-up page has its own journey). */
async function newBusiness(page: Page) {
  await signUpBusiness(page.request, server, {
    firstName: "Rosa",
    lastName: "Baker",
    businessName: "Ledger & Quill",
    phone: "(415) 555-0142",
    password: PASSWORD,
    domain: "ledger-and-quill.test",
  });
}

/** The screen as it is now, at 1280 and at 390 px wide. */
async function shoot(page: Page, name: string) {
  await keepScreenshot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function enterCard(page: Page, number: string) {
  const element = page.getByTestId("stripe-payment-element");
  await element.getByLabel("Card number").fill(number);
  await element.getByLabel("Expiration date").fill("12 / 34");
  await element.getByLabel("Security code").fill("123");
  await element.getByRole("button", { name: "Save Card" }).click();
}

test("upgrade with a card in Stripe's Payment Element, the bank's authentication, the invoice paid", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: STRIPE_JS }),
  );
  await page.route("https://api.stripe.com/**", answerStripeJs);
  // Card numbers go to Stripe only: every request to Parley is kept to look for them.
  const toParley: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(origin)) toParley.push(`${r.url()} ${r.postData() ?? ""}`);
  });

  await newBusiness(page);
  await page.goto(`${origin}/billing/summary`);
  await expect(page.getByRole("heading", { name: "Billing Summary", level: 2 })).toBeVisible();
  await expect(page.getByText("No card on file.")).toBeVisible();
  // Stripe takes real payments here: no screen calls them tests.
  await expect(page.getByText("Test payments")).toHaveCount(0);

  // A card in Stripe's Payment Element (Stripe's test Visa), saved.
  await page.getByRole("link", { name: "Add Card" }).click();
  await expect(page.getByRole("heading", { name: "Payment Method", level: 2 })).toBeVisible();
  const element = page.getByTestId("stripe-payment-element");
  await expect(element.getByLabel("Card number")).toBeVisible();
  await expect(element).toContainText("Parley never sees its number");
  await expect(page.getByText("Test payments")).toHaveCount(0);
  await shoot(page, "stripe-payment-element");
  await enterCard(page, "4242 4242 4242 4242");
  await expect(page.getByText("Your card has been saved")).toBeVisible();
  await expect(page.getByTestId("card-on-file")).toHaveText("On file: Visa ending in 4242");

  // Then the card whose payments the bank wants authenticated (Stripe's 4000 0027 6000 3184).
  await expect(element.getByLabel("Card number")).toHaveValue("");
  await enterCard(page, "4000 0027 6000 3184");
  await expect(page.getByTestId("card-on-file")).toHaveText("On file: Visa ending in 3184");
  expect(delivered.filter((d) => d.type === "setup_intent.succeeded")).toHaveLength(2);

  // The upgrade: its summary with the amount, confirmed; the bank wants the cardholder.
  await page.goto(`${origin}/billing/manage-subscription/upgrade`);
  await page.getByTestId("plan-growth").getByRole("button", { name: "Choose Growth" }).click();
  const summary = page.getByRole("dialog", { name: "Confirm your payment" });
  await expect(summary.getByTestId("charge-amount")).toHaveText("$59.00");
  await expect(summary).toContainText("Growth plan, 1 month");
  await expect(summary).toContainText("Visa ending in 3184");
  await expect(summary).not.toContainText("Test payments");
  await shoot(page, "stripe-confirm-upgrade");
  await summary.getByRole("button", { name: "Pay $59.00" }).click();
  await expect(summary.getByRole("alert")).toHaveText(
    "Your bank asks you to confirm this payment. Choose Confirm payment on the billing page to finish it.",
  );
  await summary.getByRole("button", { name: "Cancel" }).click();

  // The billing page offers the payment; Stripe.js asks the bank's authentication.
  await page.goto(`${origin}/billing/summary`);
  const waiting = page.getByTestId("awaiting-confirmation");
  await expect(waiting).toContainText("$59.00");
  await expect(page.getByText("Free trial", { exact: true }).first()).toBeVisible();
  await waiting.getByRole("button", { name: "Confirm payment" }).click();
  const bank = page.getByRole("dialog", { name: "Authenticate your payment" });
  await expect(bank).toContainText("$59.00");
  await shoot(page, "stripe-authentication");
  await bank.getByRole("button", { name: "Complete authentication" }).click();

  // The plan changed and the invoice paid, as Stripe's event and Stripe's answer say.
  await expect(page.getByText("Payment confirmed. Thank you!")).toBeVisible();
  await expect(waiting).toBeHidden();
  await expect(page.getByText("$59.00 per month · 1,500 messages")).toBeVisible();
  await expect(page.getByText("Free trial", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Test payments")).toHaveCount(0);
  expect(delivered.at(-1)).toMatchObject({ type: "payment_intent.succeeded", status: 200 });
  expect(standIn.paymentIntents()).toEqual([
    expect.objectContaining({ amount: 5900, status: "succeeded" }),
  ]);
  await shoot(page, "stripe-upgraded");

  await page.goto(`${origin}/billing/payment-history`);
  const row = page.getByRole("row").filter({ hasText: "$59.00" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Paid");
  await expect(page.getByText("Test payments")).toHaveCount(0);

  // No card number ever reached Parley.
  for (const number of ["4242424242424242", "4242 4242", "4000002760003184", "4000 0027"])
    expect(toParley.filter((r) => r.includes(number))).toEqual([]);
  // The upgrade's answer asking for authentication is the only failed request.
  expect(errors.filter((e) => !/status of 402.*\/api\/billing\/upgrade/.test(e))).toEqual([]);
});
