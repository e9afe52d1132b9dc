import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../http/context";
import { applyStripeEvent, BadStripeSignature } from "./stripe-billing.service";

export const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";

/**
 * Stripe's webhook (with Stripe payments only): JSON signed with STRIPE_WEBHOOK_SECRET over the
 * exact bytes sent, so this scope keeps the body as text. A bad signature is a 400 and nothing
 * changes; a redelivered event is answered 200 and applied once.
 */
export function stripeWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  if (ctx.config.payments !== "stripe") return;
  void app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      STRIPE_WEBHOOK_PATH,
      // No browser reads a webhook answer: Stripe needs no security headers.
      { schema: { hide: true }, helmet: false },
      async (request, reply) => {
        const raw = typeof request.body === "string" ? request.body : "";
        const header = request.headers["stripe-signature"];
        const signature = Array.isArray(header) ? header[0] : header;
        if (!signature || !raw)
          return reply.status(400).type("text/plain").send("Missing Stripe signature or body");
        try {
          const outcome = await applyStripeEvent(ctx, raw, signature);
          return reply.status(200).send({ received: true, outcome });
        } catch (err) {
          if (err instanceof BadStripeSignature)
            return reply.status(400).type("text/plain").send(err.message);
          throw err;
        }
      },
    );
  });
}
