import { inflateSync } from "node:zlib";
import { addDays, addMinutes, addMonths } from "date-fns";
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { runBillingCycle } from "./billing-cycle";
import { stripeProcessor, TEST_CARDS } from "./payment-processor";
import { startStripeStandIn } from "./stripe-stand-in";

// Parley paid through Stripe: the official SDK against the local stand-in, and Stripe's signed
// events posted to Parley's webhook.
const KEY = "sk_test_parley_stand_in";
const WEBHOOK_SECRET = "whsec_parley_stand_in";
const standIn = await startStripeStandIn(KEY);
afterAll(() => standIn.close());
const t = await createTestServer({
  env: {
    STRIPE_SECRET_KEY: KEY,
    STRIPE_PUBLISHABLE_KEY: "pk_test_parley_stand_in",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: standIn.url,
  },
});

async function owner() {
  const { account, user } = await buildAccountWithUser(t.db, {
    account: { trialEndsAt: addDays(new Date(), 14) },
  });
  const cookie = await loginAs(t.app, user.username, user.password);
  return { account, cookie };
}

/** Stripe's event posted to Parley as Stripe sends it: the exact bytes, signed. */
async function deliver(event: Stripe.Event, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: "POST",
    url: "/webhooks/stripe",
    headers: {
      "content-type": "application/json",
      "stripe-signature": standIn.signed(payload, secret),
    },
    payload,
  });
}

/** The Payment Element's work in the browser: a SetupIntent from Parley, confirmed at Stripe. */
async function enterCard(cookie: string, number: string, exp?: { month: number; year: number }) {
  const setup = await t.post("/api/billing/payment-method/setup", {}, { cookie });
  expect(setup.statusCode).toBe(200);
  expect(setup.json().publishableKey).toBe("pk_test_parley_stand_in");
  const setupIntentId = setup.json().clientSecret.split("_secret_")[0] as string;
  const event = standIn.completeSetup(setupIntentId, number, exp);
  return { setupIntentId, event };
}

async function addCard(cookie: string, number: string = TEST_CARDS.success) {
  const { setupIntentId } = await enterCard(cookie, number);
  const done = await t.post(
    "/api/billing/payment-method/setup/complete",
    { setupIntentId },
    { cookie },
  );
  expect(done.statusCode).toBe(200);
  return done.json();
}

/**
 * The text a reader sees in one of Parley's invoice PDFs: pdfkit writes each line as a TJ array
 * of hex strings (WinAnsi) in deflated content streams.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
    } catch {
      content = m[1]!;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      lines.push(
        [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((h) => Buffer.from(h[1]!, "hex").toString("latin1"))
          .join(""),
      );
  }
  return lines.join("\n");
}

const summaryOf = async (cookie: string) =>
  (await t.get("/api/billing/summary", { cookie })).json();
const invoicesOf = async (cookie: string) =>
  (await t.get("/api/billing/invoices", { cookie })).json().rows;

describe("Stripe processor (official SDK) against the stand-in", () => {
  const stripe = stripeProcessor(KEY, standIn.url);

  it("a customer, a card saved through a SetupIntent, then charges off-session once per key", async () => {
    const customer = await stripe.api.createCustomer({ accountId: 7, email: "rosa@bakery.test" });
    expect(customer).toMatch(/^cus_/);
    const setup = await stripe.api.createSetupIntent(customer);
    expect(setup.clientSecret).toMatch(/^seti_.+_secret_/);
    standIn.completeSetup(setup.id, "378282246310005", { month: 7, year: 2031 });
    const seti = await stripe.api.setupIntent(setup.id);
    expect(seti).toMatchObject({ status: "succeeded", customerRef: customer });
    const card = await stripe.api.card(seti.methodRef!);
    expect(card).toMatchObject({
      customerRef: customer,
      brand: "American Express",
      last4: "0005",
      expMonth: 7,
      expYear: 2031,
    });
    const sent = standIn.requests.find((r) => r.path === "/v1/setup_intents");
    expect(sent?.form).toMatchObject({ customer, usage: "off_session" });

    const input = {
      customerRef: customer,
      methodRef: card!.methodRef,
      amountCents: 2900,
      description: "Starter plan, 1 month",
      idempotencyKey: "upgrade:7:1",
    };
    const paid = await stripe.charge(input);
    expect(paid).toMatchObject({ ok: true });
    const intent = standIn.requests.at(-1)!;
    expect(intent.form).toMatchObject({ amount: "2900", confirm: "true", off_session: "true" });
    expect(intent.key).toBe("upgrade:7:1");
    // The same key answers the same payment (a retried job does not charge twice).
    expect(await stripe.charge(input)).toEqual(paid);
  });

  it("a declined charge, and one the bank wants authenticated (it waits for the customer)", async () => {
    const customer = await stripe.api.createCustomer({ accountId: 8, email: "" });
    const charge = async (number: string, key: string) => {
      const setup = await stripe.api.createSetupIntent(customer);
      standIn.completeSetup(setup.id, number);
      const seti = await stripe.api.setupIntent(setup.id);
      return stripe.charge({
        customerRef: customer,
        methodRef: seti.methodRef!,
        amountCents: 1500,
        description: "500 message credits",
        idempotencyKey: key,
      });
    };
    expect(await charge(TEST_CARDS.declineOnCharge, "k1")).toEqual({
      ok: false,
      code: "card_declined",
      message: "Your card was declined.",
    });
    const sca = await charge(TEST_CARDS.authenticationRequired, "k2");
    expect(sca).toMatchObject({ ok: false, code: "authentication_required" });
    expect(sca.ok ? "" : sca.intentRef).toMatch(/^pi_/);
  });

  it("a wrong secret key is a processor error, not a decline", async () => {
    const wrong = stripeProcessor("sk_test_wrong", standIn.url);
    expect(
      await wrong.charge({
        customerRef: "cus_x",
        methodRef: "pm_x",
        amountCents: 2900,
        description: "x",
        idempotencyKey: "wrong:1",
      }),
    ).toMatchObject({ ok: false, code: "processor_error" });
  });
});

describe("Parley with Stripe: cards through Stripe's Payment Element", () => {
  it("refuses a raw card number with a 400 and never passes it on to Stripe", async () => {
    const { cookie } = await owner();
    const before = standIn.requests.length;
    const res = await t.put(
      "/api/billing/payment-method",
      { number: TEST_CARDS.success, expMonth: 12, expYear: 2040, cvc: "123", name: "Rosa Baker" },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "Parley never takes card numbers: with Stripe, cards are entered in Stripe's own secure form.",
    );
    expect(standIn.requests.length).toBe(before);
    expect(await summaryOf(cookie)).toMatchObject({
      processor: "stripe",
      card: null,
      stripePublishableKey: "pk_test_parley_stand_in",
    });
  });

  it("one customer per account; the card saved is the one Stripe describes", async () => {
    const { account, cookie } = await owner();
    const before = standIn.requests.length;
    const { setupIntentId } = await enterCard(cookie, "5555555555554444", { month: 3, year: 2032 });
    const done = await t.post(
      "/api/billing/payment-method/setup/complete",
      { setupIntentId },
      { cookie },
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().card).toEqual({
      brand: "Mastercard",
      last4: "4444",
      expMonth: 3,
      expYear: 2032,
    });

    // A second card: the same customer, no new one.
    await addCard(cookie, TEST_CARDS.success);
    const mine = standIn.requests.slice(before);
    const customers = mine.filter((r) => r.method === "POST" && r.path === "/v1/customers");
    expect(customers).toHaveLength(1);
    expect(customers[0]!.form).toMatchObject({ "metadata[account_id]": String(account.id) });
    expect((await summaryOf(cookie)).card).toMatchObject({ brand: "Visa", last4: "4242" });
    // Nothing Parley sent to Stripe carried a card number.
    expect(
      standIn.requests.some((r) => Object.keys(r.form).some((k) => k.includes("number"))),
    ).toBe(false);
  });

  it("a setup Stripe has not completed (declined card) saves nothing", async () => {
    const { cookie } = await owner();
    const { setupIntentId } = await enterCard(cookie, TEST_CARDS.declined);
    const res = await t.post(
      "/api/billing/payment-method/setup/complete",
      { setupIntentId },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Stripe has not saved this card. Please enter it again.");
    expect((await summaryOf(cookie)).card).toBeNull();
    const bad = await t.post(
      "/api/billing/payment-method/setup/complete",
      { setupIntentId: "4242 4242" },
      { cookie },
    );
    expect(bad.statusCode).toBe(400);
  });

  it("another account's SetupIntent and waiting payment are not found", async () => {
    const a = await owner();
    const b = await owner();
    const { setupIntentId } = await enterCard(a.cookie, TEST_CARDS.success);
    const steal = await t.post(
      "/api/billing/payment-method/setup/complete",
      { setupIntentId },
      { cookie: b.cookie },
    );
    expect(steal.statusCode).toBe(404);
    expect((await summaryOf(b.cookie)).card).toBeNull();
    // b has a customer of its own now; still not a's intent.
    await addCard(b.cookie);
    expect(
      (
        await t.post(
          "/api/billing/payment-method/setup/complete",
          { setupIntentId },
          { cookie: b.cookie },
        )
      ).statusCode,
    ).toBe(404);

    await addCard(a.cookie, TEST_CARDS.authenticationRequired);
    const up = await t.post(
      "/api/billing/upgrade",
      { planId: "starter", amountCents: 2900 },
      { cookie: a.cookie },
    );
    expect(up.statusCode).toBe(402);
    const waiting = (await summaryOf(a.cookie)).awaitingConfirmation[0];
    expect(waiting).toMatchObject({ amountCents: 2900 });
    for (const path of ["confirmation", "sync"])
      expect(
        (
          await t.post(
            `/api/billing/payments/${waiting.invoiceId}/${path}`,
            {},
            { cookie: b.cookie },
          )
        ).statusCode,
      ).toBe(404);
  });

  it("the page lets Stripe.js and its frames in (and only Stripe's origins)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/login" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  it("the Customer Portal: a session of the account's customer, back to billing", async () => {
    const { cookie } = await owner();
    await addCard(cookie);
    const res = await t.post("/api/billing/portal", {}, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const sent = standIn.requests.at(-1)!;
    expect(sent.path).toBe("/v1/billing_portal/sessions");
    expect(sent.form.return_url).toBe(`${t.ctx.config.publicBase}/billing/summary`);
  });
});

describe("Parley with Stripe: the confirmed amount is the amount charged", () => {
  it("a different amount is a 409 and charges nothing; the right one pays", async () => {
    const { cookie } = await owner();
    await addCard(cookie);
    const before = standIn.requests.length;
    const wrong = await t.post(
      "/api/billing/upgrade",
      { planId: "starter", amountCents: 1900 },
      { cookie },
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toBe(
      "The amount is now $29.00, not the $19.00 you confirmed. Nothing was charged: please review the new amount and confirm again.",
    );
    expect(standIn.requests.length).toBe(before);
    expect(await invoicesOf(cookie)).toEqual([]);
    const bundle = await t.post(
      "/api/billing/bundles/purchase",
      { qty: 500, amountCents: 1 },
      { cookie },
    );
    expect(bundle.statusCode).toBe(409);
    expect(standIn.requests.length).toBe(before);

    // No amount at all: every charge in the app shows its summary first, so one is required.
    const confirmFirst =
      "Confirm the amount before paying: amountCents is the amount the payment summary showed.";
    for (const [url, body] of [
      ["/api/billing/upgrade", { planId: "starter" }],
      ["/api/billing/bundles/purchase", { qty: 500 }],
    ] as const) {
      const none = await t.post(url, body, { cookie });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toContain(confirmFirst);
    }
    // Reactivating needs it too when it charges (a plan is bought, not a canceled month resumed).
    const back = await t.post("/api/billing/reactivate", { planId: "starter" }, { cookie });
    expect(back.statusCode).toBe(400);
    expect(back.json().error.message).toBe(confirmFirst);
    expect(standIn.requests.length).toBe(before);
    expect(await invoicesOf(cookie)).toEqual([]);

    const right = await t.post(
      "/api/billing/upgrade",
      { planId: "starter", amountCents: 2900 },
      { cookie },
    );
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ status: "active", plan: { id: "starter" } });
  });
});

describe("Parley with Stripe: signed webhooks are the truth", () => {
  it("a bad signature is a 400 and changes nothing; a good one saves the card, once", async () => {
    const { cookie } = await owner();
    const { event } = await enterCard(cookie, "6011111111111117");
    const forged = await deliver(event, "whsec_someone_else");
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/webhooks/stripe",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await summaryOf(cookie)).card).toBeNull();

    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json().outcome).toBe("applied");
    expect((await summaryOf(cookie)).card).toMatchObject({ brand: "Discover", last4: "1117" });
    const again = await deliver(event);
    expect(again.statusCode).toBe(200);
    expect(again.json().outcome).toBe("duplicate");
  });

  it("a body changed after signing is refused", async () => {
    const { cookie } = await owner();
    const { event } = await enterCard(cookie, TEST_CARDS.success);
    const payload = JSON.stringify(event);
    const res = await t.app.inject({
      method: "POST",
      url: "/webhooks/stripe",
      headers: {
        "content-type": "application/json",
        "stripe-signature": standIn.signed(payload, WEBHOOK_SECRET),
      },
      payload: payload.replace('"setup_intent.succeeded"', '"setup_intent.succeeded" '),
    });
    expect(res.statusCode).toBe(400);
    expect((await summaryOf(cookie)).card).toBeNull();
  });

  it("a renewal that needs authentication: past due, 'Confirm payment', settled by the webhook", async () => {
    const { account, cookie } = await owner();
    await addCard(cookie);
    expect(
      (await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie }))
        .statusCode,
    ).toBe(200);
    await addCard(cookie, TEST_CARDS.authenticationRequired);
    await runBillingCycle(t.ctx, addDays(addMonths(new Date(), 1), 1), { accountId: account.id });

    let s = await summaryOf(cookie);
    expect(s).toMatchObject({ status: "past_due", forbiddenReason: "declined_card" });
    expect(s.awaitingConfirmation).toHaveLength(1);
    const waiting = s.awaitingConfirmation[0];
    expect(waiting).toMatchObject({ amountCents: 2900 });
    expect((await invoicesOf(cookie))[0]).toMatchObject({ status: "requires_action" });

    // Stripe's payment_failed for the off-session attempt leaves it waiting for the customer.
    const intent = standIn.requests.filter((r) => r.path === "/v1/payment_intents").at(-1)!;
    const conf = await t.post(
      `/api/billing/payments/${waiting.invoiceId}/confirmation`,
      {},
      { cookie },
    );
    expect(conf.statusCode).toBe(200);
    const piId = conf.json().clientSecret.split("_secret_")[0] as string;
    expect(conf.json()).toMatchObject({ publishableKey: "pk_test_parley_stand_in" });
    expect(conf.json().paymentMethod).toMatch(/^pm_/);
    expect(intent.form.off_session).toBe("true");
    const sca = standIn.event("payment_intent.payment_failed", {
      id: piId,
      object: "payment_intent",
      customer: intent.form.customer,
      status: "requires_payment_method",
      last_payment_error: { code: "authentication_required", message: "Authenticate." },
    });
    expect((await deliver(sca)).json().outcome).toBe("ignored");
    expect((await summaryOf(cookie)).awaitingConfirmation).toHaveLength(1);

    // The browser's confirmCardPayment authenticates; the account moves on Stripe's event.
    const paid = standIn.authenticate(piId);
    expect((await summaryOf(cookie)).status).toBe("past_due");
    expect((await deliver(paid)).json().outcome).toBe("applied");
    s = await summaryOf(cookie);
    expect(s).toMatchObject({ status: "active", forbiddenReason: null, awaitingConfirmation: [] });
    expect((await invoicesOf(cookie))[0]).toMatchObject({ status: "paid", amountCents: 2900 });
    expect((await deliver(paid)).json().outcome).toBe("duplicate");

    // A full refund from Stripe's dashboard marks the invoice refunded.
    expect((await deliver(standIn.refund(piId))).json().outcome).toBe("applied");
    expect((await invoicesOf(cookie))[0]).toMatchObject({ status: "refunded" });
  });

  it("an upgrade that needs authentication: confirmed in the browser, then Stripe is asked", async () => {
    const { cookie } = await owner();
    await addCard(cookie, TEST_CARDS.authenticationRequired);
    const up = await t.post(
      "/api/billing/upgrade",
      { planId: "growth", amountCents: 5900 },
      { cookie },
    );
    expect(up.statusCode).toBe(402);
    expect(up.json().error).toMatchObject({
      message:
        "Your bank asks you to confirm this payment. Choose Confirm payment on the billing page to finish it.",
      reason: "authentication_required",
    });
    const waiting = (await summaryOf(cookie)).awaitingConfirmation[0];
    const conf = (
      await t.post(`/api/billing/payments/${waiting.invoiceId}/confirmation`, {}, { cookie })
    ).json();
    const piId = conf.clientSecret.split("_secret_")[0] as string;
    // Before the customer authenticates, asking Stripe changes nothing.
    const early = await t.post(`/api/billing/payments/${waiting.invoiceId}/sync`, {}, { cookie });
    expect(early.json()).toMatchObject({ status: "trial", awaitingConfirmation: [waiting] });
    standIn.authenticate(piId);
    const done = await t.post(`/api/billing/payments/${waiting.invoiceId}/sync`, {}, { cookie });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: "active",
      plan: { id: "growth" },
      awaitingConfirmation: [],
    });
  });

  it("Stripe's event before the browser asks: the payment is paid, asking answers it paid", async () => {
    const { cookie } = await owner();
    await addCard(cookie, TEST_CARDS.authenticationRequired);
    await t.post("/api/billing/upgrade", { planId: "growth", amountCents: 5900 }, { cookie });
    const waiting = (await summaryOf(cookie)).awaitingConfirmation[0];
    const conf = (
      await t.post(`/api/billing/payments/${waiting.invoiceId}/confirmation`, {}, { cookie })
    ).json();
    const piId = conf.clientSecret.split("_secret_")[0] as string;
    expect((await deliver(standIn.authenticate(piId))).json().outcome).toBe("applied");
    const done = await t.post(`/api/billing/payments/${waiting.invoiceId}/sync`, {}, { cookie });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: "active",
      plan: { id: "growth" },
      awaitingConfirmation: [],
    });
    expect((await invoicesOf(cookie))[0]).toMatchObject({ status: "paid", amountCents: 5900 });
    // Another account's invoice stays unknown, paid or not.
    const other = await owner();
    const theirs = await t.post(
      `/api/billing/payments/${waiting.invoiceId}/sync`,
      {},
      { cookie: other.cookie },
    );
    expect(theirs.statusCode).toBe(404);
  });

  it("failed authentication: the payment fails and nothing is bought", async () => {
    const { cookie } = await owner();
    await addCard(cookie, TEST_CARDS.authenticationRequired);
    await t.post("/api/billing/bundles/purchase", { qty: 500, amountCents: 1500 }, { cookie });
    const waiting = (await summaryOf(cookie)).awaitingConfirmation[0];
    const before = (await summaryOf(cookie)).balance;
    const conf = (
      await t.post(`/api/billing/payments/${waiting.invoiceId}/confirmation`, {}, { cookie })
    ).json();
    const piId = conf.clientSecret.split("_secret_")[0] as string;
    expect((await deliver(standIn.failAuthentication(piId))).json().outcome).toBe("applied");
    const s = await summaryOf(cookie);
    expect(s.awaitingConfirmation).toEqual([]);
    expect(s.balance).toBe(before);
    expect((await invoicesOf(cookie))[0]).toMatchObject({
      status: "failed",
      failure:
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    });
  });

  it("an event about another account's payment changes nothing here; unknown customers are ignored", async () => {
    const a = await owner();
    const b = await owner();
    await addCard(a.cookie, TEST_CARDS.authenticationRequired);
    await addCard(b.cookie);
    await t.post(
      "/api/billing/bundles/purchase",
      { qty: 500, amountCents: 1500 },
      { cookie: a.cookie },
    );
    const waiting = (await summaryOf(a.cookie)).awaitingConfirmation[0];
    const piId = (
      await t.post(
        `/api/billing/payments/${waiting.invoiceId}/confirmation`,
        {},
        { cookie: a.cookie },
      )
    )
      .json()
      .clientSecret.split("_secret_")[0] as string;
    const bCustomer = standIn.requests.filter((r) => r.path === "/v1/setup_intents").at(-1)!
      .form.customer;
    // A succeeded intent claimed for b's customer: b has no such payment, a's stays waiting.
    const forged = standIn.event("payment_intent.succeeded", {
      id: piId,
      object: "payment_intent",
      customer: bCustomer,
      status: "succeeded",
    });
    expect((await deliver(forged)).json().outcome).toBe("ignored");
    expect((await summaryOf(a.cookie)).awaitingConfirmation).toHaveLength(1);
    const stranger = standIn.event("payment_intent.succeeded", {
      id: piId,
      object: "payment_intent",
      customer: "cus_not_ours",
    });
    expect((await deliver(stranger)).json().outcome).toBe("ignored");
    expect((await summaryOf(a.cookie)).awaitingConfirmation).toHaveLength(1);
  });
});

/** The account's Stripe Customer (the PaymentIntents at the stand-in are under it). */
async function customerOfAccount(accountId: number) {
  const { rows } = await t.db.execute<{ ref: string }>(
    sql`select customer_ref as ref from stripe_customers where account_id = ${accountId}`,
  );
  return rows[0]!.ref;
}

/** A Starter account paid through Stripe, its next renewal due at `due`. */
async function starterOwner() {
  const o = await owner();
  await addCard(o.cookie);
  const up = await t.post(
    "/api/billing/upgrade",
    { planId: "starter", amountCents: 2900 },
    { cookie: o.cookie },
  );
  expect(up.statusCode).toBe(200);
  const customer = await customerOfAccount(o.account.id);
  return { ...o, customer, due: addDays(new Date(up.json().periodEnd), 1) };
}

const renewalKeys = (accountId: number) =>
  standIn.requests
    .filter(
      (r) => r.path === "/v1/payment_intents" && r.key?.startsWith(`renewal:acct_${accountId}:`),
    )
    .map((r) => r.key);

describe("Parley with Stripe: a renewal is never charged twice", () => {
  it("two runs of the renewal at once make one payment, with a key of the account, period and item", async () => {
    const { account, cookie, customer, due } = await starterOwner();
    const before = (await summaryOf(cookie)).periodEnd;
    await Promise.all([
      runBillingCycle(t.ctx, due, { accountId: account.id }),
      runBillingCycle(t.ctx, due, { accountId: account.id }),
    ]);
    await runBillingCycle(t.ctx, due, { accountId: account.id });

    // The upgrade and one renewal: nothing else was charged.
    expect(standIn.paymentIntents(customer).map((p) => p.amount)).toEqual([2900, 2900]);
    const keys = renewalKeys(account.id);
    expect(new Set(keys)).toEqual(
      new Set([`renewal:acct_${account.id}:period_${before}:item_plan_starter:attempt_0`]),
    );
    const rows = await invoicesOf(cookie);
    expect(rows.map((r: { status: string }) => r.status)).toEqual(["paid", "paid"]);
    expect(await summaryOf(cookie)).toMatchObject({ status: "active", forbiddenReason: null });
  });

  it("the answer lost after Stripe charged (a crash or a timeout): the next run learns it, one payment", async () => {
    const { account, cookie, customer, due } = await starterOwner();
    const periodEnd = (await summaryOf(cookie)).periodEnd;
    // Stripe makes the payment; the answer never reaches Parley (the SDK's own retry neither).
    standIn.loseAnswers(10);
    await runBillingCycle(t.ctx, due, { accountId: account.id });
    standIn.loseAnswers(0);
    expect(standIn.paymentIntents(customer)).toHaveLength(2);
    // Recorded as sent, not as failed: the owner is not told their card was declined.
    expect((await invoicesOf(cookie))[0]).toMatchObject({ status: "pending", amountCents: 2900 });
    expect(await summaryOf(cookie)).toMatchObject({
      status: "active",
      forbiddenReason: null,
      periodEnd,
    });

    // The next pass (ten minutes later) sends the very same request: Stripe answers the payment
    // it made, and Parley records it once.
    await runBillingCycle(t.ctx, addMinutes(due, 10), { accountId: account.id });
    await runBillingCycle(t.ctx, addMinutes(due, 20), { accountId: account.id });
    const intents = standIn.paymentIntents(customer);
    expect(intents).toHaveLength(2);
    expect(new Set(renewalKeys(account.id)).size).toBe(1);
    const rows = await invoicesOf(cookie);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ status: "paid", amountCents: 2900 });
    const s = await summaryOf(cookie);
    expect(s.status).toBe("active");
    expect(new Date(s.periodEnd) > new Date(periodEnd)).toBe(true);
  });

  it("an upgrade whose answer is lost: no second charge on a retry, the job learns how it ended", async () => {
    const { account, cookie } = await owner();
    await addCard(cookie);
    const customer = await customerOfAccount(account.id);
    standIn.loseAnswers(10);
    const lost = await t.post(
      "/api/billing/upgrade",
      { planId: "starter", amountCents: 2900 },
      { cookie },
    );
    standIn.loseAnswers(0);
    expect(lost.statusCode).toBe(409);
    expect(lost.json().error.message).toMatch(/^The card processor has not confirmed this payment/);
    expect((await invoicesOf(cookie))[0]).toMatchObject({ status: "pending", amountCents: 2900 });
    // Clicking again charges nothing while the first payment's outcome is unknown.
    const again = await t.post(
      "/api/billing/upgrade",
      { planId: "starter", amountCents: 2900 },
      { cookie },
    );
    expect(again.statusCode).toBe(409);
    const bundle = await t.post(
      "/api/billing/bundles/purchase",
      { qty: 500, amountCents: 1500 },
      { cookie },
    );
    expect(bundle.statusCode).toBe(409);
    expect(standIn.paymentIntents(customer)).toHaveLength(1);

    // The job's next pass sends the same request: Stripe made the payment, the plan starts.
    await runBillingCycle(t.ctx, new Date(), { accountId: account.id });
    expect(standIn.paymentIntents(customer)).toHaveLength(1);
    const rows = await invoicesOf(cookie);
    expect(rows.map((r: { status: string }) => r.status)).toEqual(["paid"]);
    expect(await summaryOf(cookie)).toMatchObject({ status: "active", plan: { id: "starter" } });
  });

  it("a renewal waiting for the customer is not charged again; a new card cancels it and pays", async () => {
    const { account, cookie, customer, due } = await starterOwner();
    await addCard(cookie, TEST_CARDS.authenticationRequired);
    await runBillingCycle(t.ctx, due, { accountId: account.id });
    expect(await summaryOf(cookie)).toMatchObject({ status: "past_due" });
    const waitingPi = standIn.paymentIntents(customer).at(-1)!;
    // The next days' passes leave it to the customer: no second payment beside the first.
    await runBillingCycle(t.ctx, addDays(due, 1), { accountId: account.id });
    await runBillingCycle(t.ctx, addDays(due, 2), { accountId: account.id });
    expect(standIn.paymentIntents(customer)).toHaveLength(2);

    // A new card pays; the waiting payment is canceled at Stripe, so it can never be confirmed.
    await addCard(cookie, TEST_CARDS.success);
    const intents = standIn.paymentIntents(customer);
    expect(intents).toHaveLength(3);
    expect(intents.find((p) => p.id === waitingPi.id)?.status).toBe("canceled");
    expect(intents.at(-1)).toMatchObject({ status: "succeeded", amount: 2900 });
    const rows = await invoicesOf(cookie);
    expect(
      rows
        .slice(0, 2)
        .map((r: { status: string }) => r.status)
        .sort(),
    ).toEqual(["failed", "paid"]);
    expect(rows.find((r: { status: string }) => r.status === "failed").failure).toBe(
      "Replaced by the payment with your new card.",
    );
    expect(await summaryOf(cookie)).toMatchObject({
      status: "active",
      forbiddenReason: null,
      awaitingConfirmation: [],
    });
  });
});

describe("Parley with Stripe: a renewal the bank wants confirmed is e-mailed", () => {
  it("past due with the card's reason, an e-mail with the link, and Confirm payment completes it", async () => {
    const { account, cookie, customer, due } = await starterOwner();
    await addCard(cookie, TEST_CARDS.authenticationRequired);
    await runBillingCycle(t.ctx, due, { accountId: account.id });
    const s = await summaryOf(cookie);
    expect(s).toMatchObject({ status: "past_due", forbiddenReason: "declined_card" });
    const waiting = s.awaitingConfirmation[0];
    expect(waiting).toMatchObject({ amountCents: 2900 });

    const { rows: mails } = await t.db.execute<{
      to_address: string;
      subject: string;
      text_body: string;
      html_body: string;
    }>(
      sql`select to_address, subject, text_body, html_body from mail_messages
           where account_id = ${account.id} and kind = 'confirm_payment'`,
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to_address).toBe(account.email);
    expect(mail.subject).toBe("Please confirm your Parley payment");
    const link = `${t.ctx.config.publicBase}/billing/summary?confirm=${waiting.invoiceId}`;
    expect(mail.text_body).toContain("confirm the $29.00 payment");
    expect(mail.text_body).toContain(`Confirm the payment: ${link}`);
    expect(mail.html_body).toContain(`href="${link}"`);
    // The bell says the same, with the same link.
    const { rows: notes } = await t.db.execute<{ link: string }>(
      sql`select link from notifications where account_id = ${account.id} and title = 'Please confirm your payment'`,
    );
    expect(notes.map((n) => n.link)).toEqual([`/billing/summary?confirm=${waiting.invoiceId}`]);

    // The next day's pass leaves the waiting payment to the owner: no new payment, no new mail.
    await runBillingCycle(t.ctx, addDays(due, 1), { accountId: account.id });
    const { rows: again } = await t.db.execute(
      sql`select 1 from mail_messages where account_id = ${account.id} and kind = 'confirm_payment'`,
    );
    expect(again).toHaveLength(1);
    expect(standIn.paymentIntents(customer)).toHaveLength(2);

    // The link's page: Confirm payment runs Stripe's authentication, then asks Stripe.
    const conf = await t.post(
      `/api/billing/payments/${waiting.invoiceId}/confirmation`,
      {},
      { cookie },
    );
    expect(conf.statusCode).toBe(200);
    const piId = conf.json().clientSecret.split("_secret_")[0] as string;
    expect(piId).toBe(standIn.paymentIntents(customer).at(-1)!.id);
    standIn.authenticate(piId);
    const done = await t.post(`/api/billing/payments/${waiting.invoiceId}/sync`, {}, { cookie });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: "active",
      forbiddenReason: null,
      awaitingConfirmation: [],
    });
    expect((await invoicesOf(cookie))[0]).toMatchObject({ status: "paid", amountCents: 2900 });
    // One payment for the renewal.
    expect(standIn.paymentIntents(customer)).toHaveLength(2);
  });
});

describe("Parley with Stripe: refunds and disputes", () => {
  const auditOf = async (accountId: number) =>
    (
      await t.db.execute<{
        action: string;
        actor_kind: string;
        actor_name: string;
        changes: unknown;
      }>(
        sql`select action, actor_kind, actor_name, changes from audit_events
             where account_id = ${accountId}
               and action in ('billing.dispute', 'billing.dispute_closed', 'billing.refund')
             order by seq`,
      )
    ).rows;

  it("a dispute marks the payment disputed, pauses auto top-up, tells the owner and is audited, once", async () => {
    const { account, cookie, customer } = await starterOwner();
    const topup = await t.put(
      "/api/billing/auto-topup",
      { enabled: true, threshold: 100, bundleQty: 500 },
      { cookie },
    );
    expect(topup.statusCode).toBe(200);
    const pi = standIn.paymentIntents(customer).at(-1)!;
    const dispute = standIn.dispute(pi.id, "fraudulent");
    expect((await deliver(dispute)).json().outcome).toBe("applied");
    expect((await deliver(dispute)).json().outcome).toBe("duplicate");

    const [row] = await invoicesOf(cookie);
    expect(row).toMatchObject({
      status: "disputed",
      failure: "The cardholder disputed this payment with their bank (fraudulent).",
    });
    const s = await summaryOf(cookie);
    expect(s.autoTopup).toBe(false);
    expect(s.autoTopupSettings.lastFailure).toMatch(/^Paused because a payment was disputed/);
    // What the payment bought stays while the bank decides.
    expect(s).toMatchObject({ status: "active", plan: { id: "starter" } });
    const audit = await auditOf(account.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "billing.dispute",
      actor_kind: "system",
      actor_name: "System (billing)",
    });
    const { rows: notes } = await t.db.execute<{ body: string }>(
      sql`select body from notifications where account_id = ${account.id} and title = 'A payment was disputed'`,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain(`dispute of invoice ${row.number} ($29.00)`);

    // Another Stripe account's payment, or one Parley never made, changes nothing.
    const stranger = standIn.event("charge.dispute.created", {
      id: "dp_stranger",
      object: "dispute",
      payment_intent: "pi_not_ours",
      reason: "fraudulent",
    });
    expect((await deliver(stranger)).json().outcome).toBe("ignored");
  });

  it("partial refunds show their amount in the history and on the PDF; the rest marks it refunded", async () => {
    const { account, cookie, customer } = await starterOwner();
    const pi = standIn.paymentIntents(customer).at(-1)!;
    // $9.00 of the $29.00 back: still paid, with the amount refunded shown.
    const partial = standIn.refund(pi.id, 900);
    expect((await deliver(partial)).json().outcome).toBe("applied");
    expect((await deliver(partial)).json().outcome).toBe("duplicate");
    let [row] = await invoicesOf(cookie);
    expect(row).toMatchObject({ status: "paid", amountCents: 2900, refundedCents: 900 });
    const pdf = await t.get(`/api/billing/invoices/${row.id}/pdf`, { cookie });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("Status: Paid");
    expect(text).toContain("Refunded $9.00 of $29.00");

    // A second refund of $5.00: Stripe's event carries the $14.00 refunded so far.
    expect((await deliver(standIn.refund(pi.id, 500))).json().outcome).toBe("applied");
    expect((await invoicesOf(cookie))[0]).toMatchObject({ status: "paid", refundedCents: 1400 });
    // An event sent before it (a smaller total, delivered late) changes nothing.
    const late = standIn.event("charge.refunded", {
      id: "ch_late",
      object: "charge",
      customer,
      payment_intent: pi.id,
      amount: 2900,
      amount_refunded: 900,
      refunded: false,
    });
    expect((await deliver(late)).json().outcome).toBe("ignored");

    // The rest: refunded in full.
    const rest = standIn.refund(pi.id);
    expect((await deliver(rest)).json().outcome).toBe("applied");
    expect((await deliver(rest)).json().outcome).toBe("duplicate");
    [row] = await invoicesOf(cookie);
    expect(row).toMatchObject({ status: "refunded", amountCents: 2900, refundedCents: 2900 });
    const full = pdfText(
      (await t.get(`/api/billing/invoices/${row.id}/pdf`, { cookie })).rawPayload,
    );
    expect(full).toContain("Status: Refunded");
    expect(full).toContain("Refunded $29.00");
    const audit = await auditOf(account.id);
    expect(audit.map((a) => a.changes)).toEqual([
      { refundedCents: { before: 0, after: 900 } },
      { refundedCents: { before: 900, after: 1400 } },
      {
        status: { before: "paid", after: "refunded" },
        refundedCents: { before: 1400, after: 2900 },
      },
    ]);
    expect(audit[0]).toMatchObject({ action: "billing.refund", actor_name: "System (billing)" });
    // A refunded payment cannot be disputed into another state.
    expect((await deliver(standIn.dispute(pi.id))).json().outcome).toBe("ignored");
  });

  it("a dispute won: the invoice is paid again, auto top-up resumes, the owner is told, once", async () => {
    const { account, cookie, customer } = await starterOwner();
    const topup = await t.put(
      "/api/billing/auto-topup",
      { enabled: true, threshold: 100, bundleQty: 500 },
      { cookie },
    );
    expect(topup.statusCode).toBe(200);
    const pi = standIn.paymentIntents(customer).at(-1)!;
    expect((await deliver(standIn.dispute(pi.id, "fraudulent"))).json().outcome).toBe("applied");
    expect((await summaryOf(cookie)).autoTopup).toBe(false);

    // An inquiry still under review closes nothing.
    const review = standIn.event("charge.dispute.closed", {
      id: "dp_review",
      object: "dispute",
      payment_intent: pi.id,
      status: "under_review",
    });
    expect((await deliver(review)).json().outcome).toBe("ignored");
    expect((await invoicesOf(cookie))[0]).toMatchObject({ status: "disputed" });

    const won = standIn.closeDispute(pi.id, "won");
    expect((await deliver(won)).json().outcome).toBe("applied");
    expect((await deliver(won)).json().outcome).toBe("duplicate");
    const [row] = await invoicesOf(cookie);
    expect(row).toMatchObject({ status: "paid", failure: null, amountCents: 2900 });
    const s = await summaryOf(cookie);
    expect(s.autoTopup).toBe(true);
    expect(s.autoTopupSettings.lastFailure).toBeNull();
    expect(s).toMatchObject({ status: "active", plan: { id: "starter" } });
    const audit = await auditOf(account.id);
    expect(audit.map((a) => a.action)).toEqual(["billing.dispute", "billing.dispute_closed"]);
    expect(audit[1]).toMatchObject({
      actor_kind: "system",
      changes: {
        status: { before: "disputed", after: "paid" },
        outcome: { after: "won" },
        autoTopup: { before: false, after: true },
      },
    });
    const { rows: notes } = await t.db.execute<{ body: string }>(
      sql`select body from notifications where account_id = ${account.id} and title = 'A payment dispute was closed'`,
    );
    expect(notes.map((n) => n.body)).toEqual([
      `Your bank closed the dispute of invoice ${row.number} ($29.00): the payment stands. Auto top-up is on again.`,
    ]);
  });

  it("a dispute won does not turn on an auto top-up the owner turned off themselves", async () => {
    const { cookie, customer } = await starterOwner();
    const pi = standIn.paymentIntents(customer).at(-1)!;
    // Auto top-up was never on: the won dispute leaves it off.
    expect((await deliver(standIn.dispute(pi.id))).json().outcome).toBe("applied");
    expect((await deliver(standIn.closeDispute(pi.id, "won"))).json().outcome).toBe("applied");
    const s = await summaryOf(cookie);
    expect(s.autoTopup).toBe(false);
    expect((await invoicesOf(cookie))[0]).toMatchObject({ status: "paid" });
  });

  it("a dispute lost: shown as lost, auto top-up stays paused, the owner is told, audited once", async () => {
    const { account, cookie, customer } = await starterOwner();
    await t.put(
      "/api/billing/auto-topup",
      { enabled: true, threshold: 100, bundleQty: 500 },
      { cookie },
    );
    const pi = standIn.paymentIntents(customer).at(-1)!;
    await deliver(standIn.dispute(pi.id, "product_not_received"));
    const lost = standIn.closeDispute(pi.id, "lost");
    expect((await deliver(lost)).json().outcome).toBe("applied");
    expect((await deliver(lost)).json().outcome).toBe("duplicate");
    const [row] = await invoicesOf(cookie);
    expect(row).toMatchObject({
      status: "dispute_lost",
      failure: "The bank decided the dispute for the cardholder: the payment was returned to them.",
    });
    const pdf = pdfText(
      (await t.get(`/api/billing/invoices/${row.id}/pdf`, { cookie })).rawPayload,
    );
    expect(pdf).toContain("Status: Dispute lost: returned to the cardholder");
    const s = await summaryOf(cookie);
    expect(s.autoTopup).toBe(false);
    expect(s.autoTopupSettings.lastFailure).toMatch(/^Paused because a payment was disputed/);
    const audit = await auditOf(account.id);
    expect(audit.map((a) => a.action)).toEqual(["billing.dispute", "billing.dispute_closed"]);
    expect(audit[1]!.changes).toEqual({
      status: { before: "disputed", after: "dispute_lost" },
      outcome: { after: "lost" },
    });
    const { rows: notes } = await t.db.execute<{ body: string }>(
      sql`select body from notifications where account_id = ${account.id} and title = 'A payment dispute was lost'`,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain(`invoice ${row.number} ($29.00) for the cardholder`);
    // A later "won" for a lost dispute, or a closing of another account's payment, changes nothing.
    expect((await deliver(standIn.closeDispute(pi.id, "won"))).json().outcome).toBe("ignored");
    expect((await invoicesOf(cookie))[0]).toMatchObject({ status: "dispute_lost" });
    const stranger = standIn.event("charge.dispute.closed", {
      id: "dp_stranger_closed",
      object: "dispute",
      payment_intent: "pi_not_ours",
      status: "won",
    });
    expect((await deliver(stranger)).json().outcome).toBe("ignored");
  });
});
