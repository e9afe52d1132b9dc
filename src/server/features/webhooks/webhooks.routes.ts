import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intIdParams } from "../../../domain/ids";
import {
  createdWebhookResponse,
  createWebhookRequest,
  deliveryParams,
  listWebhookDeliveriesResponse,
  listWebhooksResponse,
  updateWebhookRequest,
  webhookDeliveryResponse,
  webhookResponse,
} from "../../../domain/webhooks";
import { type Actor, type AppContext, actorOf } from "../../http/context";
import { IDEMPOTENT, keyActorOf, op } from "../public-api/v1-route";
import * as webhooks from "./webhooks.service";

/**
 * Outgoing webhooks, managed twice over the same service: on the developer dashboard (session,
 * /api/webhooks) and by integrations (API key, /api/v1/webhooks).
 */
export function webhooksRoutes(app: FastifyInstance, ctx: AppContext) {
  mount(app, ctx, "/api/webhooks", actorOf, null);
  mount(app, ctx, "/api/v1/webhooks", keyActorOf, "webhooks");
}

function mount(
  app: FastifyInstance,
  ctx: AppContext,
  base: string,
  who: (req: FastifyRequest) => Actor,
  v1Tag: string | null,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = (operationId: string, summary: string, description?: string) =>
    v1Tag ? op(operationId, summary, v1Tag, description) : { tags: ["developer"], summary };
  r.get(
    base,
    {
      schema: { ...doc("listWebhooks", "List webhooks"), response: { 200: listWebhooksResponse } },
    },
    (req) => webhooks.listWebhooks(ctx, who(req)),
  );
  r.post(
    base,
    {
      schema: {
        ...doc(
          "createWebhook",
          "Create a webhook (the signing secret is in this answer only)",
          `Each delivery is a JSON POST signed per Standard Webhooks (standardwebhooks.com): 'webhook-id' (the event id, the same on a retry), 'webhook-timestamp' (unix seconds) and 'webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">', keyed by the secret (whsec_<base64 key>); 'Parley-Event' repeats the body's type. Failures are retried with backoff for a day, in order per subscriber. A URL on a private or internal network is refused. ${IDEMPOTENT}`,
        ),
        body: createWebhookRequest,
        response: { 201: createdWebhookResponse },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await webhooks.createWebhook(ctx, who(req), req.body)),
  );
  r.get(
    `${base}/:id`,
    {
      schema: {
        ...doc("getWebhook", "Get a webhook"),
        params: intIdParams,
        response: { 200: webhookResponse },
      },
    },
    (req) => webhooks.getWebhook(ctx, who(req), req.params.id),
  );
  r.patch(
    `${base}/:id`,
    {
      schema: {
        ...doc("updateWebhook", "Change a webhook's address or events, or turn it on or off"),
        params: intIdParams,
        body: updateWebhookRequest,
        response: { 200: webhookResponse },
      },
    },
    (req) => webhooks.updateWebhook(ctx, who(req), req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    { schema: { ...doc("deleteWebhook", "Delete a webhook"), params: intIdParams } },
    async (req, reply) => {
      await webhooks.deleteWebhook(ctx, who(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.get(
    `${base}/:id/deliveries`,
    {
      schema: {
        ...doc("listWebhookDeliveries", "The delivery log of a webhook, newest first"),
        params: intIdParams,
        response: { 200: listWebhookDeliveriesResponse },
      },
    },
    (req) => webhooks.listDeliveries(ctx, who(req), req.params.id),
  );
  r.post(
    `${base}/:id/deliveries/:deliveryId/replay`,
    {
      schema: {
        ...doc("replayWebhookDelivery", "Send a delivered or failed event again"),
        params: deliveryParams,
        response: { 201: webhookDeliveryResponse },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await webhooks.replayDelivery(ctx, who(req), req.params.id, req.params.deliveryId)),
  );
}
