import { addDays, addMonths } from "date-fns";
import { describe, expect, it } from "vitest";
import { createTestServer } from "../../test/harness";
import { runBillingCycle } from "./billing-cycle";
import { testCard, trialOwner } from "./billing-test-kit";
import { NOT_A_TEST_CARD, STRIPE_TEST_CARDS, TEST_CARDS } from "./payment-processor";

/** The built-in test processor takes Stripe's test cards only, with Stripe's outcomes. */
const t = await createTestServer();

const card = (number: string) => testCard(number, t.ctx.clock);

const owner = () => trialOwner(t);

describe("test processor", () => {
  it("refuses any number that is not one of Stripe's test cards, a real-looking one too", async () => {
    const { cookie } = await owner();
    // Luhn-valid numbers that are not test cards: what a real card would look like.
    for (const number of ["4111111111111111", "4539578763621486", "5425233430109903"]) {
      const res = await t.put("/api/billing/payment-method", card(number), { cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: NOT_A_TEST_CARD,
        fields: { number: NOT_A_TEST_CARD },
      });
    }
    const s = (await t.get("/api/billing/summary", { cookie })).json();
    expect(s.card).toBeNull();
  });

  it("takes every documented success card with its brand", async () => {
    const { cookie } = await owner();
    const brands: Record<string, string> = {
      "5555555555554444": "Mastercard",
      "378282246310005": "American Express",
      "6011111111111117": "Discover",
    };
    for (const [number, brand] of Object.entries(brands)) {
      expect(STRIPE_TEST_CARDS[number]).toBe("pay");
      const res = await t.put("/api/billing/payment-method", card(number), { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().card).toMatchObject({ brand, last4: number.slice(-4) });
    }
  });

  it("declines insufficient funds and generic declines, and refuses an incorrect number", async () => {
    const { cookie } = await owner();
    const poor = await t.put("/api/billing/payment-method", card(TEST_CARDS.insufficientFunds), {
      cookie,
    });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error).toMatchObject({
      message: "Oops, your card was declined!",
      reason: "declined_card",
    });
    const wrong = await t.put("/api/billing/payment-method", card("4242424242424241"), { cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe("Please check the card number.");
    expect((await t.get("/api/billing/summary", { cookie })).json().card).toBeNull();
  });

  it("a payment that needs authentication waits for the customer, who completes or fails it", async () => {
    const { cookie } = await owner();
    const saved = await t.put(
      "/api/billing/payment-method",
      card(TEST_CARDS.authenticationRequired),
      { cookie },
    );
    expect(saved.statusCode).toBe(200);
    const up = await t.post(
      "/api/billing/upgrade",
      { planId: "starter", amountCents: 2900 },
      { cookie },
    );
    expect(up.statusCode).toBe(402);
    expect(up.json().error).toMatchObject({
      message:
        "Your bank asks you to confirm this payment. Choose Confirm payment on the billing page to finish it.",
      reason: "authentication_required",
    });
    let s = (await t.get("/api/billing/summary", { cookie })).json();
    expect(s).toMatchObject({ status: "trial" });
    const [waiting] = s.awaitingConfirmation;
    expect(waiting).toMatchObject({ amountCents: 2900 });
    const history = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(history[0]).toMatchObject({ status: "requires_action", amountCents: 2900 });

    // Failed authentication: the payment fails, nothing is bought.
    const failed = await t.post(
      `/api/billing/payments/${waiting.invoiceId}/test-authentication`,
      { complete: false },
      { cookie },
    );
    expect(failed.statusCode).toBe(402);
    expect(failed.json().error.message).toBe("The payment was not confirmed with your bank.");
    s = (await t.get("/api/billing/summary", { cookie })).json();
    expect(s).toMatchObject({ status: "trial", awaitingConfirmation: [] });
    expect((await t.get("/api/billing/invoices", { cookie })).json().rows[0]).toMatchObject({
      status: "failed",
    });
    // Answered once: the same payment cannot be authenticated afterwards.
    const late = await t.post(
      `/api/billing/payments/${waiting.invoiceId}/test-authentication`,
      { complete: true },
      { cookie },
    );
    expect(late.statusCode).toBe(404);

    // Again, completed: the plan starts.
    await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie });
    const next = (await t.get("/api/billing/summary", { cookie })).json().awaitingConfirmation[0];
    const done = await t.post(
      `/api/billing/payments/${next.invoiceId}/test-authentication`,
      { complete: true },
      { cookie },
    );
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: "active",
      plan: { id: "starter" },
      awaitingConfirmation: [],
    });
    expect((await t.get("/api/billing/invoices", { cookie })).json().rows[0]).toMatchObject({
      id: next.invoiceId,
      status: "paid",
    });
  });

  it("a renewal that needs authentication: past due, e-mailed, completed; then insufficient funds", async () => {
    const { account, cookie } = await owner();
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    expect(
      (await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie }))
        .statusCode,
    ).toBe(200);
    await t.put("/api/billing/payment-method", card(TEST_CARDS.authenticationRequired), {
      cookie,
    });
    const due = addDays(addMonths(new Date(), 1), 1);
    await runBillingCycle(t.ctx, due, { accountId: account.id });
    let s = (await t.get("/api/billing/summary", { cookie })).json();
    expect(s).toMatchObject({ status: "past_due", forbiddenReason: "declined_card" });
    const waiting = s.awaitingConfirmation[0];
    const { rows: mails } = await t.db.$client.query(
      "select subject, text_body from mail_messages where account_id = $1 and kind = 'confirm_payment'",
      [account.id],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain(
      `${t.ctx.config.publicBase}/billing/summary?confirm=${waiting.invoiceId}`,
    );
    // The next pass leaves it to the customer: no second payment, no second mail.
    await runBillingCycle(t.ctx, addDays(due, 1), { accountId: account.id });
    expect((await t.get("/api/billing/invoices", { cookie })).json().rows).toHaveLength(2);
    const done = await t.post(
      `/api/billing/payments/${waiting.invoiceId}/test-authentication`,
      { complete: true },
      { cookie },
    );
    expect(done.json()).toMatchObject({ status: "active", forbiddenReason: null });

    // A card whose payments are declined for insufficient funds once authenticated.
    await t.put("/api/billing/payment-method", card("4000008260003178"), { cookie });
    await runBillingCycle(t.ctx, addDays(addMonths(due, 1), 1), { accountId: account.id });
    s = (await t.get("/api/billing/summary", { cookie })).json();
    expect(s.status).toBe("past_due");
    const poor = await t.post(
      `/api/billing/payments/${s.awaitingConfirmation[0].invoiceId}/test-authentication`,
      { complete: true },
      { cookie },
    );
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error.message).toBe("Your card has insufficient funds.");
    s = (await t.get("/api/billing/summary", { cookie })).json();
    expect(s).toMatchObject({ status: "past_due", awaitingConfirmation: [] });
    // A good card pays the renewal still owed.
    const fixed = await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    expect(fixed.json()).toMatchObject({ status: "active", forbiddenReason: null });
  });

  it("charges only the amount the customer confirmed: another amount is a 409, nothing charged", async () => {
    const { cookie } = await owner();
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    const stale = await t.post(
      "/api/billing/upgrade",
      { planId: "growth", amountCents: 2900 },
      { cookie },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      "The amount is now $59.00, not the $29.00 you confirmed. Nothing was charged: please review the new amount and confirm again.",
    );
    const pack = await t.post(
      "/api/billing/bundles/purchase",
      { qty: 500, amountCents: 1400 },
      { cookie },
    );
    expect(pack.statusCode).toBe(409);
    expect((await t.get("/api/billing/invoices", { cookie })).json().rows).toEqual([]);
    expect((await t.get("/api/billing/summary", { cookie })).json()).toMatchObject({
      status: "trial",
      awaitingConfirmation: [],
    });
    const up = await t.post(
      "/api/billing/upgrade",
      { planId: "growth", amountCents: 5900 },
      { cookie },
    );
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ status: "active", plan: { id: "growth" } });
  });
});
