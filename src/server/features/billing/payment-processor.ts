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

export type FailureCode =
  | "card_declined"
  | "insufficient_funds"
  | "expired_card"
  | "authentication_required"
  | "invalid_card"
  | "not_a_test_card"
  | "processor_error";

export type ChargeResult =
  | { ok: true; ref: string }
  | {
      ok: false;
      code: FailureCode;
      message: string;
      /**
       * A Stripe PaymentIntent that waits for the customer (authentication asked off-session): the
       * customer confirms it in the browser, and its webhook settles the payment.
       */
      intentRef?: string;
      /**
       * The processor's answer is unknown (the connection dropped, a timeout, its own error): the
       * charge may have been made. Only the same request again (same idempotency key) tells.
       */
      uncertain?: boolean;
    };

export type SaveResult =
  | ({ ok: true } & SavedCard)
  | { ok: false; code: FailureCode; message: string };

export interface ChargeInput {
  customerRef: string;
  methodRef: string;
  amountCents: number;
  description: string;
  /** The same key never charges twice (a retried request, a job run twice). */
  idempotencyKey: string;
}

/**
 * Where money comes from. The built-in test processor behaves like a card processor with Stripe's
 * test card numbers, typed into Parley's own form; with Stripe, cards are entered in Stripe's
 * Payment Element and never reach Parley. Billing calls only this.
 */
export type PaymentProcessor = TestProcessor | StripeProcessor;

export interface TestProcessor {
  readonly name: "test";
  saveCard(
    owner: { accountId: number; email: string; customerRef?: string },
    card: CardDetails,
  ): Promise<SaveResult>;
  charge(input: ChargeInput): Promise<ChargeResult>;
  /**
   * The customer completes the authentication a test payment waits for (what Stripe's test
   * 3-D Secure page does): how the payment ends, by the card it was made with; null when the
   * ref is not a test payment waiting for authentication.
   */
  authenticate(intentRef: string): ChargeResult | null;
}

export interface StripeProcessor {
  readonly name: "stripe";
  charge(input: ChargeInput): Promise<ChargeResult>;
  readonly api: StripeApi;
}

/** The card of a Stripe PaymentMethod, as Stripe describes it. */
export interface StripeCard {
  methodRef: string;
  customerRef: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The Stripe calls billing makes besides charging (cards by SetupIntent, the portal, events). */
export interface StripeApi {
  createCustomer(owner: { accountId: number; email: string }): Promise<string>;
  createSetupIntent(customerRef: string): Promise<{ id: string; clientSecret: string }>;
  setupIntent(
    id: string,
  ): Promise<{ id: string; status: string; customerRef: string | null; methodRef: string | null }>;
  card(methodRef: string): Promise<StripeCard | null>;
  paymentIntent(id: string): Promise<{
    id: string;
    status: string;
    amountCents: number;
    customerRef: string | null;
    methodRef: string | null;
    clientSecret: string | null;
    failure: string | null;
  }>;
  /**
   * Cancels a PaymentIntent that waits for the customer, so it can never be confirmed later; its
   * status after (`canceled`, or `succeeded` when the customer confirmed it first).
   */
  cancelPaymentIntent(id: string): Promise<string>;
  portalSession(customerRef: string, returnUrl: string): Promise<string>;
  /** A webhook's event, or a throw when its signature is not Stripe's (or too old). */
  verifiedEvent(rawBody: string, signature: string, secret: string): Stripe.Event;
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "Mastercard";
  if (/^3[47]/.test(number)) return "American Express";
  if (/^6(011|5)/.test(number)) return "Discover";
  if (/^3(0|6|8)/.test(number)) return "Diners Club";
  if (/^35/.test(number)) return "JCB";
  if (/^62/.test(number)) return "UnionPay";
  return "Card";
}

/**
 * What a test card does, as Stripe documents its test numbers (docs.stripe.com/testing): `pay`
 * saves and pays; `decline` / `insufficient_funds` / `expired` / `incorrect_cvc` /
 * `processing_error` / `incorrect_number` are refused when saved; `decline_on_charge` saves but
 * every charge on it is declined (a renewal that fails); `authenticate` saves but every charge
 * asks the cardholder to authenticate (3-D Secure), which an off-session renewal cannot do;
 * `authenticate_then_insufficient` likewise, declined for insufficient funds.
 */
export type TestCardOutcome =
  | "pay"
  | "decline"
  | "insufficient_funds"
  | "lost_card"
  | "stolen_card"
  | "expired"
  | "incorrect_cvc"
  | "processing_error"
  | "incorrect_number"
  | "decline_on_charge"
  | "authenticate"
  | "authenticate_then_insufficient";

/**
 * The only card numbers the built-in test processor takes: Stripe's documented test cards. Any
 * other number (a real card above all) is refused, so nobody mistakes test payments for money.
 */
export const STRIPE_TEST_CARDS: Readonly<Record<string, TestCardOutcome>> = {
  // Successful payments, by brand.
  "4242424242424242": "pay",
  "4000056655665556": "pay",
  "5555555555554444": "pay",
  "2223003122003222": "pay",
  "5200828282828210": "pay",
  "5105105105105100": "pay",
  "378282246310005": "pay",
  "371449635398431": "pay",
  "6011111111111117": "pay",
  "6011000990139424": "pay",
  "3056930009020004": "pay",
  "36227206271667": "pay",
  "3566002020360505": "pay",
  "6200000000000005": "pay",
  // Set up once with authentication, then paid off-session without asking again.
  "4000002500003155": "pay",
  // Declines.
  "4000000000000002": "decline",
  "4000000000009995": "insufficient_funds",
  "4000000000009987": "lost_card",
  "4000000000009979": "stolen_card",
  "4000000000000069": "expired",
  "4000000000000127": "incorrect_cvc",
  "4000000000000119": "processing_error",
  "4242424242424241": "incorrect_number",
  "4000000000000341": "decline_on_charge",
  // Authentication (3-D Secure) on every payment.
  "4000002760003184": "authenticate",
  "4000008260003178": "authenticate_then_insufficient",
};

/** The test cards the tests and the card form name. */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  expired: "4000000000000069",
  declineOnCharge: "4000000000000341",
  authenticationRequired: "4000002760003184",
} as const;

const DECLINED = "Your card was declined.";
const EXPIRED = "Your card has expired.";
const INSUFFICIENT = "Your card has insufficient funds.";
const AUTHENTICATE = "Your bank asks you to authenticate this payment.";
export const NOT_A_TEST_CARD =
  "Test payments take only Stripe's test card numbers, such as 4242 4242 4242 4242. No real card is charged.";

const REFUSED_WHEN_SAVED: Partial<Record<TestCardOutcome, { code: FailureCode; message: string }>> =
  {
    decline: { code: "card_declined", message: DECLINED },
    insufficient_funds: { code: "insufficient_funds", message: INSUFFICIENT },
    lost_card: { code: "card_declined", message: DECLINED },
    stolen_card: { code: "card_declined", message: DECLINED },
    expired: { code: "expired_card", message: EXPIRED },
    incorrect_cvc: { code: "card_declined", message: "Your card's security code is incorrect." },
    processing_error: {
      code: "processor_error",
      message: "The payment could not be made. Please try again.",
    },
    incorrect_number: { code: "invalid_card", message: "Your card number is incorrect." },
  };

/** How charges on a saved test card end: the method ref carries it, as a processor's card would. */
const CHARGE_BEHAVIOUR = {
  ok: null,
  decline: { code: "card_declined", message: DECLINED },
  authenticate: { code: "authentication_required", message: AUTHENTICATE },
  authnofunds: { code: "authentication_required", message: AUTHENTICATE },
} as const satisfies Record<string, { code: FailureCode; message: string } | null>;
type ChargeBehaviour = keyof typeof CHARGE_BEHAVIOUR;

/** How a payment that waited for authentication ends once the customer authenticated it. */
const AFTER_AUTHENTICATION: Partial<
  Record<ChargeBehaviour, { code: FailureCode; message: string } | null>
> = {
  authenticate: null,
  authnofunds: { code: "insufficient_funds", message: INSUFFICIENT },
};

function behaviourOf(outcome: TestCardOutcome): ChargeBehaviour {
  if (outcome === "decline_on_charge") return "decline";
  if (outcome === "authenticate") return "authenticate";
  if (outcome === "authenticate_then_insufficient") return "authnofunds";
  return "ok";
}

export function testProcessor(clock: Clock): TestProcessor {
  const charges = new Map<string, ChargeResult>();
  return {
    name: "test",
    async saveCard(owner, card) {
      const outcome = STRIPE_TEST_CARDS[card.number];
      if (!outcome) return { ok: false, code: "not_a_test_card", message: NOT_A_TEST_CARD };
      const refused = REFUSED_WHEN_SAVED[outcome];
      if (refused) return { ok: false, ...refused };
      const now = clock.now();
      const past =
        card.expYear < now.getUTCFullYear() ||
        (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      if (past) return { ok: false, code: "expired_card", message: EXPIRED };
      return {
        ok: true,
        customerRef: owner.customerRef ?? `cus_test_${owner.accountId}`,
        methodRef: `pm_test_${behaviourOf(outcome)}_${randomBytes(6).toString("hex")}`,
        brand: brandOf(card.number),
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
    },
    async charge(input) {
      const seen = charges.get(input.idempotencyKey);
      if (seen) return seen;
      const behaviour = input.methodRef.split("_")[2] as ChargeBehaviour;
      const failure = CHARGE_BEHAVIOUR[behaviour] ?? null;
      // A payment the bank wants authenticated waits for the customer, as with Stripe: its ref
      // names the card's behaviour, so its outcome is known after a restart too.
      const waits = behaviour in AFTER_AUTHENTICATION;
      const result: ChargeResult = failure
        ? {
            ok: false,
            ...failure,
            ...(waits
              ? { intentRef: `pi_test_${behaviour}_${randomBytes(8).toString("hex")}` }
              : {}),
          }
        : { ok: true, ref: `ch_test_${randomBytes(8).toString("hex")}` };
      charges.set(input.idempotencyKey, result);
      return result;
    },
    authenticate(intentRef) {
      const [pi, test, behaviour] = intentRef.split("_");
      if (pi !== "pi" || test !== "test" || !behaviour || !(behaviour in AFTER_AUTHENTICATION))
        return null;
      const failure = AFTER_AUTHENTICATION[behaviour as ChargeBehaviour];
      return failure ? { ok: false, ...failure } : { ok: true, ref: intentRef };
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

const STRIPE_BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** A brand as Stripe names it (`amex`) in the words the billing screens use. */
export function brandName(stripeBrand: string | null | undefined): string {
  if (!stripeBrand) return "Card";
  return STRIPE_BRANDS[stripeBrand] ?? stripeBrand[0]!.toUpperCase() + stripeBrand.slice(1);
}

/** Stripe errors after which a charge may or may not have been made. */
const UNCERTAIN_ERRORS = new Set([
  "StripeConnectionError",
  "StripeAPIError",
  "StripeRateLimitError",
  "StripeIdempotencyError",
]);

function stripeFailure(err: unknown): Extract<ChargeResult, { ok: false }> {
  const e = err as {
    type?: string;
    statusCode?: number;
    code?: string;
    decline_code?: string;
    message?: string;
    payment_intent?: { id?: string };
  };
  if (e?.code === "authentication_required")
    return {
      ok: false,
      code: "authentication_required",
      message: AUTHENTICATE,
      intentRef: e.payment_intent?.id,
    };
  const code: FailureCode =
    e?.code === "expired_card"
      ? "expired_card"
      : e?.decline_code === "insufficient_funds"
        ? "insufficient_funds"
        : e?.code === "card_declined"
          ? "card_declined"
          : e?.code === "incorrect_number" || e?.code === "invalid_number"
            ? "invalid_card"
            : "processor_error";
  const message =
    code === "processor_error"
      ? "The payment could not be made. Please try again."
      : (e?.message ?? DECLINED);
  const uncertain =
    code === "processor_error" &&
    (UNCERTAIN_ERRORS.has(e?.type ?? "") || (e?.statusCode ?? 0) >= 500);
  return uncertain ? { ok: false, code, message, uncertain } : { ok: false, code, message };
}

const idOf = (v: string | { id: string } | null | undefined) =>
  v == null ? null : typeof v === "string" ? v : v.id;

/**
 * Stripe through its official SDK: a Customer per account, cards saved by SetupIntents that
 * Stripe's Payment Element confirms in the browser, charges as PaymentIntents confirmed
 * off-session on the saved card with an idempotency key. No card number passes here.
 * STRIPE_API_BASE points it at a local stand-in in tests (stripe-stand-in.ts).
 */
export function stripeProcessor(secretKey: string, apiBase: string): StripeProcessor {
  const stripe = new Stripe(secretKey, {
    ...endpointOf(apiBase),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
  const api: StripeApi = {
    async createCustomer(owner) {
      const customer = await stripe.customers.create(
        { email: owner.email || undefined, metadata: { account_id: String(owner.accountId) } },
        // One customer per account even when two tabs ask at once.
        { idempotencyKey: `customer:${owner.accountId}` },
      );
      return customer.id;
    },
    async createSetupIntent(customerRef) {
      const si = await stripe.setupIntents.create({
        customer: customerRef,
        // Saved for renewals charged while the customer is away.
        usage: "off_session",
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      });
      return { id: si.id, clientSecret: si.client_secret ?? "" };
    },
    async setupIntent(id) {
      const si = await stripe.setupIntents.retrieve(id);
      return {
        id: si.id,
        status: si.status,
        customerRef: idOf(si.customer),
        methodRef: idOf(si.payment_method),
      };
    },
    async card(methodRef) {
      const pm = await stripe.paymentMethods.retrieve(methodRef);
      if (!pm.card) return null;
      return {
        methodRef: pm.id,
        customerRef: idOf(pm.customer),
        brand: brandName(pm.card.brand),
        last4: pm.card.last4,
        expMonth: pm.card.exp_month,
        expYear: pm.card.exp_year,
      };
    },
    async paymentIntent(id) {
      const pi = await stripe.paymentIntents.retrieve(id);
      return {
        id: pi.id,
        status: pi.status,
        amountCents: pi.amount,
        customerRef: idOf(pi.customer),
        methodRef: idOf(pi.payment_method),
        clientSecret: pi.client_secret,
        failure: pi.last_payment_error?.message ?? null,
      };
    },
    async cancelPaymentIntent(id) {
      try {
        return (await stripe.paymentIntents.cancel(id)).status;
      } catch (err) {
        // Too late to cancel (it succeeded, or was canceled already): how it stands now.
        if ((err as { code?: string }).code === "payment_intent_unexpected_state")
          return (await stripe.paymentIntents.retrieve(id)).status;
        throw err;
      }
    },
    async portalSession(customerRef, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerRef,
        return_url: returnUrl,
      });
      return session.url;
    },
    verifiedEvent(rawBody, signature, secret) {
      return stripe.webhooks.constructEvent(rawBody, signature, secret);
    },
  };
  return {
    name: "stripe",
    api,
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
        if (pi.status === "succeeded") return { ok: true, ref: pi.id };
        // The bank wants the cardholder (3-D Secure): the customer confirms it in the browser.
        if (pi.status === "requires_action")
          return {
            ok: false,
            code: "authentication_required",
            message: AUTHENTICATE,
            intentRef: pi.id,
          };
        return stripeFailure({ code: "card_declined" });
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
    p =
      config.payments === "stripe" && config.STRIPE_SECRET_KEY
        ? stripeProcessor(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE)
        : testProcessor(clock);
    processors.set(config, p);
  }
  return p;
}
