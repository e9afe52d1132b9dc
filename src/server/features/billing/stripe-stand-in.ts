import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brandOf, TEST_CARDS } from "./payment-processor";

/**
 * A local stand-in of the few Stripe endpoints the Stripe processor uses: customers, payment
 * methods (create, attach) and payment intents (confirmed off-session), with Stripe's error
 * shape and idempotency keys. Its test cards behave as Stripe documents them: 4000…0002 is
 * declined and 4000…0069 expired when attached; 4000…0341 attaches but its charges are declined.
 * Tests point the official SDK at it (STRIPE_API_BASE) to prove the processor against the real
 * request and answer formats.
 */
export interface StripeStandIn {
  url: string;
  /** Every request seen: method, path, form fields, idempotency key. */
  requests: { method: string; path: string; form: Record<string, string>; key?: string }[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

export async function startStripeStandIn(secretKey: string): Promise<StripeStandIn> {
  const customers = new Map<string, Json>();
  const methods = new Map<string, Json & { number: string; customer?: string | null }>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const requests: StripeStandIn["requests"] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;

  const cardError = (code: string, message: string, decline = "generic_decline") => ({
    status: 402,
    body: { error: { type: "card_error", code, decline_code: decline, message } },
  });
  const invalid = (message: string, param?: string) => ({
    status: 400,
    body: { error: { type: "invalid_request_error", message, param } },
  });

  function route(method: string, path: string, form: Record<string, string>) {
    if (method === "POST" && path === "/v1/customers") {
      const c = { id: id("cus"), object: "customer", email: form.email ?? null, metadata: {} };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (method === "POST" && path === "/v1/payment_methods") {
      const number = form["card[number]"] ?? "";
      if (!/^\d{12,19}$/.test(number))
        return {
          status: 402,
          body: {
            error: {
              type: "card_error",
              code: "incorrect_number",
              message: "Your card number is incorrect.",
            },
          },
        };
      const pm = {
        id: id("pm"),
        object: "payment_method",
        type: "card",
        number,
        card: {
          brand: brandOf(number).toLowerCase().replace(" ", "_"),
          last4: number.slice(-4),
          exp_month: Number(form["card[exp_month]"]),
          exp_year: Number(form["card[exp_year]"]),
        },
        billing_details: { name: form["billing_details[name]"] ?? null },
        customer: null as string | null,
      };
      methods.set(pm.id, pm);
      const { number: _n, ...shown } = pm;
      return { status: 200, body: shown };
    }
    const attach = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/);
    if (method === "POST" && attach) {
      const pm = methods.get(decodeURIComponent(attach[1]!));
      if (!pm) return invalid("No such PaymentMethod", "payment_method");
      if (!form.customer || !customers.has(form.customer))
        return invalid("No such customer", "customer");
      if (pm.number === TEST_CARDS.declined)
        return cardError("card_declined", "Your card was declined.");
      if (pm.number === TEST_CARDS.expired)
        return cardError("expired_card", "Your card has expired.", "expired_card");
      pm.customer = form.customer;
      const { number: _n, ...shown } = pm;
      return { status: 200, body: shown };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const pm = methods.get(form.payment_method ?? "");
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return invalid("Amount must be at least $0.50 usd", "amount");
      if (!pm || pm.customer !== form.customer)
        return invalid("The payment method does not belong to this customer", "payment_method");
      if (pm.number === TEST_CARDS.declineOnCharge)
        return cardError("card_declined", "Your card was declined.");
      return {
        status: 200,
        body: {
          id: id("pi"),
          object: "payment_intent",
          amount,
          currency: form.currency,
          customer: form.customer,
          payment_method: pm.id,
          description: form.description ?? null,
          status: form.confirm === "true" ? "succeeded" : "requires_confirmation",
        },
      };
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
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
