import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { Clock } from "../../clock";
import type { Config } from "../../config";

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export interface SavedCard {
  customerRef: string;
  methodRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type FailureCode = "card_declined" | "expired_card" | "invalid_card" | "processor_error";

export type ChargeResult =
  | { ok: true; ref: string }
  | { ok: false; code: FailureCode; message: string };

export type SaveResult =
  | ({ ok: true } & SavedCard)
  | { ok: false; code: FailureCode; message: string };

/**
 * Where money comes from. The built-in test processor behaves like a card processor with test
 * card numbers; Stripe is used when STRIPE_SECRET_KEY is set. Billing calls only this.
 */
export interface PaymentProcessor {
  readonly name: "test" | "stripe";
  saveCard(
    owner: { accountId: number; email: string; customerRef?: string },
    card: CardDetails,
  ): Promise<SaveResult>;
  charge(input: {
    customerRef: string;
    methodRef: string;
    amountCents: number;
    description: string;
    /** The same key never charges twice (a retried request, a job run twice). */
    idempotencyKey: string;
  }): Promise<ChargeResult>;
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "Mastercard";
  if (/^3[47]/.test(number)) return "American Express";
  if (/^6(011|5)/.test(number)) return "Discover";
  return "Card";
}

function luhnOk(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Test cards of the built-in processor (the numbers Stripe documents for the same outcomes):
 * 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 0069 is expired;
 * 4000 0000 0000 0341 is saved but every charge on it is declined (a renewal that fails).
 * Any other valid number pays. The card is only kept as its brand, last four and expiry.
 */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  expired: "4000000000000069",
  declineOnCharge: "4000000000000341",
} as const;

const DECLINED = "Your card was declined.";
const EXPIRED = "Your card has expired.";

export function testProcessor(clock: Clock): PaymentProcessor {
  const charges = new Map<string, ChargeResult>();
  return {
    name: "test",
    async saveCard(owner, card) {
      if (!luhnOk(card.number))
        return { ok: false, code: "invalid_card", message: "Your card number is incorrect." };
      if (card.number === TEST_CARDS.declined)
        return { ok: false, code: "card_declined", message: DECLINED };
      const now = clock.now();
      const past =
        card.expYear < now.getUTCFullYear() ||
        (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      if (card.number === TEST_CARDS.expired || past)
        return { ok: false, code: "expired_card", message: EXPIRED };
      // The method ref remembers how charges on it behave, as a processor's card object would.
      const behaviour = card.number === TEST_CARDS.declineOnCharge ? "decline" : "ok";
      return {
        ok: true,
        customerRef: owner.customerRef ?? `cus_test_${owner.accountId}`,
        methodRef: `pm_test_${behaviour}_${randomBytes(6).toString("hex")}`,
        brand: brandOf(card.number),
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
    },
    async charge(input) {
      const seen = charges.get(input.idempotencyKey);
      if (seen) return seen;
      const result: ChargeResult = input.methodRef.startsWith("pm_test_decline")
        ? { ok: false, code: "card_declined", message: DECLINED }
        : { ok: true, ref: `ch_test_${randomBytes(8).toString("hex")}` };
      charges.set(input.idempotencyKey, result);
      return result;
    },
  };
}

/** Where the SDK sends its requests: api.stripe.com, or a stand-in (tests) at STRIPE_API_BASE. */
function endpointOf(apiBase: string) {
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? ("http" as const) : ("https" as const);
  return {
    protocol,
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
  };
}

function stripeFailure(err: unknown) {
  const e = err as { type?: string; code?: string; decline_code?: string; message?: string };
  const code: FailureCode =
    e?.code === "expired_card"
      ? "expired_card"
      : e?.code === "card_declined"
        ? "card_declined"
        : e?.code === "incorrect_number" || e?.code === "invalid_number"
          ? "invalid_card"
          : "processor_error";
  const message =
    code === "processor_error"
      ? "The payment could not be made. Please try again."
      : (e?.message ?? "Your card was declined.");
  return { ok: false as const, code, message };
}

/**
 * Stripe through its official SDK (customers, payment methods attached to them, payment intents
 * confirmed off-session with an idempotency key). STRIPE_API_BASE points it at a local stand-in
 * in tests (stripe-stand-in.ts); by default it is api.stripe.com.
 */
export function stripeProcessor(secretKey: string, apiBase: string): PaymentProcessor {
  const stripe = new Stripe(secretKey, {
    ...endpointOf(apiBase),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
  return {
    name: "stripe",
    async saveCard(owner, card) {
      try {
        const customer =
          owner.customerRef ??
          (
            await stripe.customers.create({
              email: owner.email,
              metadata: { account_id: String(owner.accountId) },
            })
          ).id;
        const pm = await stripe.paymentMethods.create({
          type: "card",
          card: {
            number: card.number,
            exp_month: card.expMonth,
            exp_year: card.expYear,
            cvc: card.cvc,
          },
          billing_details: { name: card.name },
        });
        const attached = await stripe.paymentMethods.attach(pm.id, { customer });
        const c = attached.card;
        return {
          ok: true,
          customerRef: customer,
          methodRef: attached.id,
          brand: c?.brand ? c.brand[0]!.toUpperCase() + c.brand.slice(1) : brandOf(card.number),
          last4: c?.last4 ?? card.number.slice(-4),
          expMonth: c?.exp_month ?? card.expMonth,
          expYear: c?.exp_year ?? card.expYear,
        };
      } catch (err) {
        return stripeFailure(err);
      }
    },
    async charge(input) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: "usd",
            customer: input.customerRef,
            payment_method: input.methodRef,
            description: input.description,
            confirm: true,
            off_session: true,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (pi.status !== "succeeded") return stripeFailure({ code: "card_declined" });
        return { ok: true, ref: pi.id };
      } catch (err) {
        return stripeFailure(err);
      }
    },
  };
}

const processors = new WeakMap<Config, PaymentProcessor>();

/** The processor of this configuration (one per process, so test idempotency holds). */
export function processorOf({ config, clock }: { config: Config; clock: Clock }): PaymentProcessor {
  let p = processors.get(config);
  if (!p) {
    p = config.STRIPE_SECRET_KEY
      ? stripeProcessor(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE)
      : testProcessor(clock);
    processors.set(config, p);
  }
  return p;
}
