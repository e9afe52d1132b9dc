import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { TEST_CARDS } from "./payment-processor";

/**
 * A local stand-in of the Stripe endpoints billing uses: customers, setup intents, payment
 * methods (read), payment intents (confirmed off-session, read) and billing portal sessions, with
 * Stripe's object and error shapes and idempotency keys. It takes no card numbers over HTTP, as
 * Stripe's API takes none from Parley: what the browser does in Stripe's Payment Element (enter a
 * card, authenticate) is done by the test through `completeSetup` and `authenticate`, which answer
 * the event Stripe would send, to be signed with `signed` and posted to Parley's webhook.
 * Its test cards behave as Stripe documents them: 4000…0002 is declined and 4000…0069 expired when
 * set up; 4000…0341 is set up but its charges are declined; 4000…3184 asks for authentication on
 * every charge.
 */
export interface StripeStandIn {
  url: string;
  /** Every request seen: method, path, form fields, idempotency key. */
  requests: { method: string; path: string; form: Record<string, string>; key?: string }[];
  /**
   * What Stripe.js does when the customer submits the Payment Element for a SetupIntent: the
   * card becomes a PaymentMethod attached to the customer; the event of the outcome.
   */
  completeSetup(
    setupIntentId: string,
    number: string,
    exp?: { month: number; year: number },
  ): Stripe.Event;
  /** The customer authenticates a PaymentIntent in the browser (3-D Secure): it succeeds. */
  authenticate(paymentIntentId: string): Stripe.Event;
  /** The customer gives up or fails authentication: the PaymentIntent fails. */
  failAuthentication(paymentIntentId: string): Stripe.Event;
  /** Every PaymentIntent made (a replayed idempotent request makes none), oldest first. */
  paymentIntents(customer?: string): { id: string; amount: number; status: string }[];
  /**
   * The next `count` payment intents are made but their answers never arrive (the connection
   * drops after Stripe charged): a crash or a timeout between the charge and Parley's record.
   */
  loseAnswers(count: number): void;
  /** The cardholder disputes a PaymentIntent's charge with their bank. */
  dispute(paymentIntentId: string, reason?: string): Stripe.Event;
  /**
   * The bank decides the PaymentIntent's open dispute: won (the money comes back to the
   * merchant), lost (it stays with the cardholder) or warning_closed (an inquiry that never
   * became a chargeback).
   */
  closeDispute(paymentIntentId: string, status: "won" | "lost" | "warning_closed"): Stripe.Event;
  /**
   * A refund of a PaymentIntent's charge (from Stripe's dashboard): the whole charge, or
   * `amount` cents of it. Like Stripe's, the event's charge carries the total refunded so far.
   */
  refund(paymentIntentId: string, amount?: number): Stripe.Event;
  /** An event of any type about any object (customer.updated by the portal, …). */
  event(type: string, object: Record<string, unknown>): Stripe.Event;
  /** The `stripe-signature` header of a payload, as Stripe signs it. */
  signed(payload: string, secret: string): string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
type Method = {
  id: string;
  object: "payment_method";
  type: "card";
  number: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  customer: string | null;
};

const STAND_IN_BRANDS: [RegExp, string][] = [
  [/^4/, "visa"],
  [/^(5[1-5]|2[2-7])/, "mastercard"],
  [/^3[47]/, "amex"],
  [/^6(011|5)/, "discover"],
];

export async function startStripeStandIn(secretKey: string): Promise<StripeStandIn> {
  const customers = new Map<string, Json & { id: string }>();
  const methods = new Map<string, Method>();
  const setupIntents = new Map<string, Json & { id: string; status: string }>();
  const intents = new Map<string, Json & { id: string; status: string; amount: number }>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const disputes = new Map<string, Json & { id: string; status: string }>();
  const refunded = new Map<string, number>();
  const requests: StripeStandIn["requests"] = [];
  let answersToLose = 0;
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;
  // Event times only order events here; nothing reads them as the wall clock.
  let tick = 1_800_000_000;
  const created = () => ++tick;
  const shown = ({ number: _n, ...pm }: Method) => pm;

  const invalid = (message: string, param?: string) => ({
    status: 400,
    body: { error: { type: "invalid_request_error", message, param } },
  });
  const missing = (what: string) => ({
    status: 404,
    body: { error: { type: "invalid_request_error", code: "resource_missing", message: what } },
  });

  function event(type: string, object: Json): Stripe.Event {
    return {
      id: id("evt"),
      object: "event",
      api_version: "2025-01-01",
      created: created(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    } as unknown as Stripe.Event;
  }

  function route(method: string, path: string, form: Record<string, string>) {
    if (method === "POST" && path === "/v1/customers") {
      const c = {
        id: id("cus"),
        object: "customer",
        email: form.email ?? null,
        metadata: { account_id: form["metadata[account_id]"] ?? null },
        invoice_settings: { default_payment_method: null },
      };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    const customer = path.match(/^\/v1\/customers\/([^/]+)$/);
    if (method === "GET" && customer) {
      const c = customers.get(decodeURIComponent(customer[1]!));
      return c ? { status: 200, body: c } : missing("No such customer");
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      if (!form.customer || !customers.has(form.customer))
        return invalid("No such customer", "customer");
      const si = {
        id: id("seti"),
        object: "setup_intent",
        customer: form.customer,
        usage: form.usage ?? "off_session",
        status: "requires_payment_method",
        payment_method: null as string | null,
        last_setup_error: null as Json | null,
        client_secret: "",
      };
      si.client_secret = `${si.id}_secret_${randomBytes(8).toString("hex")}`;
      setupIntents.set(si.id, si);
      return { status: 200, body: si };
    }
    const seti = path.match(/^\/v1\/setup_intents\/([^/]+)$/);
    if (method === "GET" && seti) {
      const si = setupIntents.get(decodeURIComponent(seti[1]!));
      return si ? { status: 200, body: si } : missing("No such setupintent");
    }
    const pmPath = path.match(/^\/v1\/payment_methods\/([^/]+)$/);
    if (method === "GET" && pmPath) {
      const pm = methods.get(decodeURIComponent(pmPath[1]!));
      return pm ? { status: 200, body: shown(pm) } : missing("No such PaymentMethod");
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const pm = methods.get(form.payment_method ?? "");
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return invalid("Amount must be at least $0.50 usd", "amount");
      if (!pm || pm.customer !== form.customer)
        return invalid("The payment method does not belong to this customer", "payment_method");
      const pi = {
        id: id("pi"),
        object: "payment_intent",
        amount,
        currency: form.currency,
        customer: form.customer,
        payment_method: pm.id,
        description: form.description ?? null,
        status: "succeeded",
        client_secret: "",
        last_payment_error: null as Json | null,
        latest_charge: id("ch"),
      };
      pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString("hex")}`;
      intents.set(pi.id, pi);
      const offSession = form.off_session === "true";
      if (pm.number === TEST_CARDS.declineOnCharge) {
        const error = {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: "Your card was declined.",
        };
        Object.assign(pi, { status: "requires_payment_method", last_payment_error: error });
        return { status: 402, body: { error: { ...error, payment_intent: pi } } };
      }
      if (pm.number === TEST_CARDS.authenticationRequired) {
        if (offSession) {
          // Stripe refuses an off-session payment that needs the cardholder; the intent waits.
          const error = {
            type: "card_error",
            code: "authentication_required",
            decline_code: "authentication_required",
            message: "Your card was declined. This transaction requires authentication.",
          };
          Object.assign(pi, { status: "requires_payment_method", last_payment_error: error });
          return { status: 402, body: { error: { ...error, payment_intent: pi } } };
        }
        pi.status = "requires_action";
        return { status: 200, body: pi };
      }
      if (form.confirm !== "true") pi.status = "requires_confirmation";
      return { status: 200, body: pi };
    }
    const cancelPath = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
    if (method === "POST" && cancelPath) {
      const pi = intents.get(decodeURIComponent(cancelPath[1]!));
      if (!pi) return missing("No such payment_intent");
      if (pi.status === "succeeded" || pi.status === "canceled")
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
              payment_intent: pi,
            },
          },
        };
      Object.assign(pi, { status: "canceled", cancellation_reason: "requested_by_customer" });
      return { status: 200, body: pi };
    }
    const piPath = path.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (method === "GET" && piPath) {
      const pi = intents.get(decodeURIComponent(piPath[1]!));
      return pi ? { status: 200, body: pi } : missing("No such payment_intent");
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!form.customer || !customers.has(form.customer))
        return invalid("No such customer", "customer");
      const session = {
        id: id("bps"),
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url ?? null,
        url: `https://billing.stripe.com/p/session/test_${randomBytes(8).toString("hex")}`,
      };
      return { status: 200, body: session };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: "Unrecognized request URL" } },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const form = Object.fromEntries(new URLSearchParams(raw));
    const path = (req.url ?? "/").split("?")[0]!;
    const key = req.headers["idempotency-key"] as string | undefined;
    requests.push({ method: req.method ?? "GET", path, form, key });
    const send = (status: number, body: Json) => {
      // The answer lost on the way back (Stripe did the work, replayed or not).
      if (answersToLose > 0 && req.method === "POST" && path === "/v1/payment_intents") {
        answersToLose--;
        res.destroy();
        return;
      }
      res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    const seen = key ? idempotent.get(key) : undefined;
    if (seen) return send(seen.status, seen.body);
    const out = route(req.method ?? "GET", path, form);
    if (key && req.method === "POST") idempotent.set(key, out);
    send(out.status, out.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const webhooks = new Stripe(secretKey).webhooks;

  function intentOf(paymentIntentId: string) {
    const pi = intents.get(paymentIntentId);
    if (!pi) throw new Error(`no payment intent ${paymentIntentId}`);
    return pi;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    completeSetup(setupIntentId, number, exp) {
      const si = setupIntents.get(setupIntentId);
      if (!si) throw new Error(`no setup intent ${setupIntentId}`);
      const refused =
        number === TEST_CARDS.declined
          ? { code: "card_declined", message: "Your card was declined." }
          : number === TEST_CARDS.expired
            ? { code: "expired_card", message: "Your card has expired." }
            : null;
      if (refused) {
        Object.assign(si, {
          status: "requires_payment_method",
          last_setup_error: { type: "card_error", ...refused },
        });
        return event("setup_intent.setup_failed", si);
      }
      const pm: Method = {
        id: id("pm"),
        object: "payment_method",
        type: "card",
        number,
        card: {
          brand: STAND_IN_BRANDS.find(([re]) => re.test(number))?.[1] ?? "unknown",
          last4: number.slice(-4),
          exp_month: exp?.month ?? 12,
          exp_year: exp?.year ?? 2040,
        },
        customer: si.customer as string,
      };
      methods.set(pm.id, pm);
      Object.assign(si, { status: "succeeded", payment_method: pm.id, last_setup_error: null });
      return event("setup_intent.succeeded", si);
    },
    authenticate(paymentIntentId) {
      const pi = intentOf(paymentIntentId);
      Object.assign(pi, { status: "succeeded", last_payment_error: null });
      return event("payment_intent.succeeded", pi);
    },
    failAuthentication(paymentIntentId) {
      const pi = intentOf(paymentIntentId);
      Object.assign(pi, {
        status: "requires_payment_method",
        last_payment_error: {
          type: "card_error",
          code: "payment_intent_authentication_failure",
          message:
            "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
        },
      });
      return event("payment_intent.payment_failed", pi);
    },
    paymentIntents(customer) {
      return [...intents.values()]
        .filter((pi) => customer === undefined || pi.customer === customer)
        .map((pi) => ({ id: pi.id, amount: pi.amount, status: pi.status }));
    },
    loseAnswers(count) {
      answersToLose = count;
    },
    dispute(paymentIntentId, reason = "fraudulent") {
      const pi = intentOf(paymentIntentId);
      const dispute = {
        id: id("dp"),
        object: "dispute",
        amount: pi.amount,
        currency: "usd",
        charge: pi.latest_charge,
        payment_intent: pi.id,
        reason,
        status: "needs_response",
        evidence_details: { due_by: created() + 7 * 86_400 },
      };
      disputes.set(pi.id, dispute);
      return event("charge.dispute.created", { ...dispute });
    },
    closeDispute(paymentIntentId, status) {
      const dispute = disputes.get(paymentIntentId);
      if (!dispute) throw new Error(`no dispute of ${paymentIntentId}`);
      dispute.status = status;
      return event("charge.dispute.closed", { ...dispute });
    },
    refund(paymentIntentId, amount) {
      const pi = intentOf(paymentIntentId);
      const total = Math.min(pi.amount, (refunded.get(pi.id) ?? 0) + (amount ?? pi.amount));
      refunded.set(pi.id, total);
      return event("charge.refunded", {
        id: pi.latest_charge,
        object: "charge",
        amount: pi.amount,
        amount_refunded: total,
        refunded: total === pi.amount,
        customer: pi.customer,
        payment_intent: pi.id,
      });
    },
    event,
    signed(payload, secret) {
      return webhooks.generateTestHeaderString({ payload, secret });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
