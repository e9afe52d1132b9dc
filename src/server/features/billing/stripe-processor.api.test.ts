import { afterAll, describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { stripeProcessor, TEST_CARDS } from "./payment-processor";
import { startStripeStandIn } from "./stripe-stand-in";

// The Stripe processor (official SDK) against the local stand-in of the endpoints it uses.
const KEY = "sk_test_parley_stand_in";
const standIn = await startStripeStandIn(KEY);
afterAll(() => standIn.close());
// Parley itself, paid through Stripe (the stand-in).
const t = await createTestServer({
  env: { STRIPE_SECRET_KEY: KEY, STRIPE_API_BASE: standIn.url },
});

const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: "123",
  name: "Rosa Baker",
});
const owner = { accountId: 7, email: "rosa@bakery.test" };

describe("Stripe processor (official SDK) against the stand-in", () => {
  const stripe = stripeProcessor(KEY, standIn.url);

  it("saves a card: a customer, a payment method attached to it; then charges it once per key", async () => {
    const saved = await stripe.saveCard(owner, card(TEST_CARDS.success));
    expect(saved).toMatchObject({ ok: true, brand: "Visa", last4: "4242", expMonth: 12 });
    if (!saved.ok) throw new Error("not saved");
    expect(saved.customerRef).toMatch(/^cus_/);
    expect(saved.methodRef).toMatch(/^pm_/);
    const paths = standIn.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual([
      "POST /v1/customers",
      "POST /v1/payment_methods",
      `POST /v1/payment_methods/${saved.methodRef}/attach`,
    ]);
    expect(standIn.requests[0]!.form).toMatchObject({
      email: "rosa@bakery.test",
      "metadata[account_id]": "7",
    });

    const input = {
      customerRef: saved.customerRef,
      methodRef: saved.methodRef,
      amountCents: 2900,
      description: "Starter plan, 1 month",
      idempotencyKey: "upgrade:7:1",
    };
    const paid = await stripe.charge(input);
    expect(paid).toMatchObject({ ok: true });
    if (!paid.ok) throw new Error("not paid");
    expect(paid.ref).toMatch(/^pi_/);
    const intent = standIn.requests.at(-1)!;
    expect(intent.form).toMatchObject({
      amount: "2900",
      currency: "usd",
      confirm: "true",
      off_session: "true",
      customer: saved.customerRef,
    });
    expect(intent.key).toBe("upgrade:7:1");
    // The same key answers the same payment (a retried job does not charge twice).
    expect(await stripe.charge(input)).toEqual(paid);

    // A second card for the same customer makes no new customer.
    const before = standIn.requests.length;
    const again = await stripe.saveCard(
      { ...owner, customerRef: saved.customerRef },
      card("5555555555554444"),
    );
    expect(again).toMatchObject({ ok: true, brand: "Mastercard", customerRef: saved.customerRef });
    expect(standIn.requests.slice(before).map((r) => r.path)[0]).toBe("/v1/payment_methods");
  });

  it("a declined card, an expired card, and a card whose charges are declined", async () => {
    expect(await stripe.saveCard(owner, card(TEST_CARDS.declined))).toEqual({
      ok: false,
      code: "card_declined",
      message: "Your card was declined.",
    });
    expect(await stripe.saveCard(owner, card(TEST_CARDS.expired))).toMatchObject({
      ok: false,
      code: "expired_card",
    });
    const saved = await stripe.saveCard(owner, card(TEST_CARDS.declineOnCharge));
    if (!saved.ok) throw new Error("not saved");
    expect(
      await stripe.charge({
        customerRef: saved.customerRef,
        methodRef: saved.methodRef,
        amountCents: 1500,
        description: "500 message credits",
        idempotencyKey: "pack:7:1",
      }),
    ).toEqual({ ok: false, code: "card_declined", message: "Your card was declined." });
  });

  it("a wrong secret key is a processor error, not a decline", async () => {
    const wrong = stripeProcessor("sk_test_wrong", standIn.url);
    expect(await wrong.saveCard(owner, card(TEST_CARDS.success))).toMatchObject({
      ok: false,
      code: "processor_error",
    });
  });
});

describe("Parley's HTTP server with Stripe configured", () => {
  it("refuses a raw card number with a 400 and never passes it on to Stripe", async () => {
    const { user } = await buildAccountWithUser(t.db);
    const cookie = await loginAs(t.app, user.username, user.password);
    const before = standIn.requests.length;
    const res = await t.put("/api/billing/payment-method", card(TEST_CARDS.success), { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "Parley never takes card numbers: with Stripe, cards are entered in Stripe's own secure form.",
    );
    expect(standIn.requests.length).toBe(before);
    const summary = (await t.get("/api/billing/summary", { cookie })).json();
    expect(summary).toMatchObject({ processor: "stripe", card: null });
  });
});
