import type { Stripe } from "@stripe/stripe-js";
import { describe, expect, it, vi } from "vitest";
import { BILLING_TEXT } from "../../../../domain/billing.schemas";
import { loadStripeJs, paymentOutcome, setupOutcome } from "./stripe-js";

describe("loadStripeJs", () => {
  it("says clearly that Stripe's form cannot load when the script fails or gives nothing", async () => {
    const offline = vi.fn(() => Promise.reject(new Error("Failed to load Stripe.js")));
    expect(await loadStripeJs("pk_test_offline", offline)).toEqual({
      ok: false,
      message: BILLING_TEXT.stripeUnavailable,
    });
    const empty = vi.fn(() => Promise.resolve(null));
    expect(await loadStripeJs("pk_test_empty", empty)).toEqual({
      ok: false,
      message: BILLING_TEXT.stripeUnavailable,
    });
  });

  it("loads once per key, and tries again after a failure", async () => {
    const stripe = { confirmSetup: () => undefined } as unknown as Stripe;
    const good = vi.fn(() => Promise.resolve(stripe));
    expect(await loadStripeJs("pk_test_once", good)).toEqual({ ok: true, stripe });
    expect(await loadStripeJs("pk_test_once", good)).toEqual({ ok: true, stripe });
    expect(good).toHaveBeenCalledTimes(1);

    const flaky = vi
      .fn<(key: string) => Promise<Stripe | null>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(stripe);
    expect((await loadStripeJs("pk_test_retry", flaky)).ok).toBe(false);
    await Promise.resolve();
    expect(await loadStripeJs("pk_test_retry", flaky)).toEqual({ ok: true, stripe });
    expect(flaky).toHaveBeenCalledTimes(2);
  });
});

describe("what Stripe answered, as the card form shows it", () => {
  it("a confirmed SetupIntent is saved; Stripe's error message is shown as Stripe wrote it", () => {
    expect(setupOutcome({ setupIntent: { id: "seti_1", status: "succeeded" } })).toEqual({
      ok: true,
      setupIntentId: "seti_1",
    });
    expect(setupOutcome({ error: { message: "Your card was declined." } })).toEqual({
      ok: false,
      message: "Your card was declined.",
    });
    expect(setupOutcome({ setupIntent: { id: "seti_2", status: "requires_action" } })).toEqual({
      ok: false,
      message: BILLING_TEXT.setupIncomplete,
    });
  });

  it("an authenticated payment goes on; a failed authentication says so", () => {
    expect(paymentOutcome({ paymentIntent: { status: "succeeded" } })).toEqual({ ok: true });
    expect(paymentOutcome({ error: {} })).toEqual({
      ok: false,
      message: BILLING_TEXT.authenticationFailed,
    });
    expect(paymentOutcome({ paymentIntent: { status: "requires_payment_method" } }).ok).toBe(false);
  });
});
