import { addDays, addMonths } from "date-fns";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { runBillingCycle } from "./billing-cycle";
import { NOT_A_TEST_CARD, STRIPE_TEST_CARDS, TEST_CARDS } from "./payment-processor";

/** The built-in test processor takes Stripe's test cards only, with Stripe's outcomes. */
const t = await createTestServer();

const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: "123",
  name: "Joe Baker",
});

async function owner() {
  const { account, user } = await buildAccountWithUser(t.db, {
    account: { trialEndsAt: addDays(new Date(), 14) },
  });
  const cookie = await loginAs(t.app, user.username, user.password);
  return { account, cookie };
}

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

  it("a card that needs authentication saves, but its charges are refused and a renewal fails", async () => {
    const { account, cookie } = await owner();
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
    expect(up.json().error.message).toBe(
      "Your bank asks you to authenticate this payment. Please use another card.",
    );
    const history = (await t.get("/api/billing/invoices", { cookie })).json().rows;
    expect(history[0]).toMatchObject({ status: "failed", amountCents: 2900 });

    // Paid with a good card, then renewed on one that asks for authentication: past due.
    await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    expect(
      (await t.post("/api/billing/upgrade", { planId: "starter", amountCents: 2900 }, { cookie }))
        .statusCode,
    ).toBe(200);
    await t.put("/api/billing/payment-method", card(TEST_CARDS.authenticationRequired), {
      cookie,
    });
    await runBillingCycle(t.ctx, addDays(addMonths(new Date(), 1), 1), { accountId: account.id });
    const s = (await t.get("/api/billing/summary", { cookie })).json();
    expect(s).toMatchObject({ status: "past_due", forbiddenReason: "declined_card" });
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
