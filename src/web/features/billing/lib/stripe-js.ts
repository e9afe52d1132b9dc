import type { Stripe } from "@stripe/stripe-js";
import { BILLING_TEXT } from "../../../../domain/billing.schemas";

export type StripeLoad = { ok: true; stripe: Stripe } | { ok: false; message: string };

type Loader = (publishableKey: string) => Promise<Stripe | null>;

/**
 * Stripe.js from js.stripe.com, as Stripe requires (never bundled), fetched only when a Stripe
 * screen asks: the loader module itself is a separate chunk, so a test-payments server never
 * loads it. Without it (offline, blocked) the card form says so instead of waiting forever.
 */
const fromStripe: Loader = async (publishableKey) => {
  const { loadStripe } = await import("@stripe/stripe-js");
  return loadStripe(publishableKey);
};

const loads = new Map<string, Promise<StripeLoad>>();

/** Stripe.js for this key, loaded once; a failed load is tried again on the next ask. */
export function loadStripeJs(
  publishableKey: string,
  load: Loader = fromStripe,
): Promise<StripeLoad> {
  const seen = loads.get(publishableKey);
  if (seen) return seen;
  const attempt = load(publishableKey).then(
    (stripe): StripeLoad =>
      stripe ? { ok: true, stripe } : { ok: false, message: BILLING_TEXT.stripeUnavailable },
    (): StripeLoad => ({ ok: false, message: BILLING_TEXT.stripeUnavailable }),
  );
  loads.set(publishableKey, attempt);
  void attempt.then((r) => {
    if (!r.ok) loads.delete(publishableKey);
  });
  return attempt;
}

export type PaymentElementFormProps = {
  stripe: Stripe;
  clientSecret: string;
  submitLabel: string;
  saving: boolean;
  serverError: string | null;
  onConfirmed: (setupIntentId: string) => void;
};

/** Stripe's answer to the Payment Element's confirmSetup, in the words the form shows. */
export function setupOutcome(result: {
  error?: { message?: string };
  setupIntent?: { id: string; status: string };
}): { ok: true; setupIntentId: string } | { ok: false; message: string } {
  if (result.error)
    return { ok: false, message: result.error.message ?? BILLING_TEXT.cardDeclined };
  if (result.setupIntent?.status !== "succeeded")
    return { ok: false, message: BILLING_TEXT.setupIncomplete };
  return { ok: true, setupIntentId: result.setupIntent.id };
}

/** Stripe's answer to confirmCardPayment (a payment the bank wanted authenticated). */
export function paymentOutcome(result: {
  error?: { message?: string };
  paymentIntent?: { status: string };
}): { ok: true } | { ok: false; message: string } {
  if (result.error)
    return { ok: false, message: result.error.message ?? BILLING_TEXT.authenticationFailed };
  if (result.paymentIntent?.status !== "succeeded" && result.paymentIntent?.status !== "processing")
    return { ok: false, message: BILLING_TEXT.authenticationFailed };
  return { ok: true };
}
