import { randomBytes } from "node:crypto";
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

export function testProcessor(): PaymentProcessor {
  const charges = new Map<string, ChargeResult>();
  return {
    name: "test",
    async saveCard(owner, card) {
      if (!luhnOk(card.number))
        return { ok: false, code: "invalid_card", message: "Your card number is incorrect." };
      if (card.number === TEST_CARDS.declined)
        return { ok: false, code: "card_declined", message: DECLINED };
      const now = new Date();
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

/** Stripe's REST API (form-encoded, Bearer secret key): customers, payment methods, intents. */
export function stripeProcessor(secretKey: string, apiBase: string): PaymentProcessor {
  async function call(path: string, params: Record<string, string>, idempotencyKey?: string) {
    const res = await fetch(`${apiBase}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown> & {
      error?: { code?: string; decline_code?: string; message?: string };
    };
    return { ok: res.ok, body };
  }
  const failure = (e: { code?: string; decline_code?: string; message?: string } | undefined) => {
    const code: FailureCode =
      e?.code === "expired_card"
        ? "expired_card"
        : e?.code === "card_declined"
          ? "card_declined"
          : e?.code === "incorrect_number" || e?.code === "invalid_number"
            ? "invalid_card"
            : "processor_error";
    return { ok: false as const, code, message: e?.message ?? "The payment could not be made." };
  };
  return {
    name: "stripe",
    async saveCard(owner, card) {
      let customer = owner.customerRef;
      if (!customer) {
        const c = await call("/v1/customers", {
          email: owner.email,
          "metadata[account_id]": String(owner.accountId),
        });
        if (!c.ok) return failure(c.body.error);
        customer = String(c.body.id);
      }
      const pm = await call("/v1/payment_methods", {
        type: "card",
        "card[number]": card.number,
        "card[exp_month]": String(card.expMonth),
        "card[exp_year]": String(card.expYear),
        "card[cvc]": card.cvc,
        "billing_details[name]": card.name,
      });
      if (!pm.ok) return failure(pm.body.error);
      const attached = await call(`/v1/payment_methods/${String(pm.body.id)}/attach`, { customer });
      if (!attached.ok) return failure(attached.body.error);
      const c = (attached.body.card ?? {}) as {
        brand?: string;
        last4?: string;
        exp_month?: number;
        exp_year?: number;
      };
      return {
        ok: true,
        customerRef: customer,
        methodRef: String(pm.body.id),
        brand: c.brand ? c.brand[0]!.toUpperCase() + c.brand.slice(1) : brandOf(card.number),
        last4: c.last4 ?? card.number.slice(-4),
        expMonth: c.exp_month ?? card.expMonth,
        expYear: c.exp_year ?? card.expYear,
      };
    },
    async charge(input) {
      const pi = await call(
        "/v1/payment_intents",
        {
          amount: String(input.amountCents),
          currency: "usd",
          customer: input.customerRef,
          payment_method: input.methodRef,
          description: input.description,
          confirm: "true",
          off_session: "true",
        },
        input.idempotencyKey,
      );
      if (!pi.ok || pi.body.status !== "succeeded")
        return failure(pi.body.error ?? { code: "card_declined" });
      return { ok: true, ref: String(pi.body.id) };
    },
  };
}

const processors = new WeakMap<Config, PaymentProcessor>();

/** The processor of this configuration (one per process, so test idempotency holds). */
export function processorOf(config: Config): PaymentProcessor {
  let p = processors.get(config);
  if (!p) {
    p = config.STRIPE_SECRET_KEY
      ? stripeProcessor(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE)
      : testProcessor();
    processors.set(config, p);
  }
  return p;
}
