import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { intIdParams } from "../../../domain/ids";
import {
  connectCustomerIoRequest,
  connectHubspotRequest,
  customerIoDetailResponse,
  customerIoSendRequest,
  integrationStatusResponse,
  listIntegrationsResponse,
  zapierDetailResponse,
  zapierHookResponse,
  zapierSubscribeRequest,
} from "../../../domain/integrations";
import { WEBHOOK_EVENTS } from "../../../domain/webhooks";
import { type AppContext, actorOf } from "../../http/context";
import { IDEMPOTENT, keyActorOf, op } from "../public-api/v1-route";
import { sendFromCustomerIo } from "./customerio-action.service";
import * as integrations from "./integrations.service";
import * as zapier from "./zapier.service";

const tags = ["integrations"];
const PAGE = "/addons/integrations/hubspot";

/**
 * The add-ons integrations: the pages' routes (session), Zapier's REST hooks (API key, under
 * /api/v1 so Zapier calls them like any other public API call) and Customer.io's send action
 * (its own token, outside /api: a machine posts it without our CSRF header or a session).
 */
export function integrationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/integrations",
    {
      schema: {
        tags,
        summary: "Integrations and their connection state",
        response: { 200: listIntegrationsResponse },
      },
    },
    async (req) => integrations.listIntegrations(ctx, actorOf(req)),
  );
  r.get(
    "/api/integrations/zapier",
    { schema: { tags, summary: "Zapier subscriptions", response: { 200: zapierDetailResponse } } },
    async (req) => integrations.zapierDetail(ctx, actorOf(req)),
  );
  r.get(
    "/api/integrations/hubspot",
    {
      schema: { tags, summary: "HubSpot connection", response: { 200: integrationStatusResponse } },
    },
    async (req) => integrations.integrationStatus(ctx, actorOf(req), "hubspot"),
  );
  r.get(
    "/api/integrations/customer-io",
    {
      schema: {
        tags,
        summary: "Customer.io connection",
        response: { 200: integrationStatusResponse },
      },
    },
    async (req) => integrations.integrationStatus(ctx, actorOf(req), "customerio"),
  );
  r.put(
    "/api/integrations/hubspot",
    {
      schema: {
        tags,
        summary: "Connect HubSpot with a private-app token",
        body: connectHubspotRequest,
        response: { 200: integrationStatusResponse },
      },
    },
    async (req) => integrations.connectHubspotToken(ctx, actorOf(req), req.body),
  );
  r.put(
    "/api/integrations/customer-io",
    {
      schema: {
        tags,
        summary: "Connect Customer.io (Track API credentials); answers the action token once",
        body: connectCustomerIoRequest,
        response: { 200: customerIoDetailResponse },
      },
    },
    async (req) => integrations.connectCustomerIo(ctx, actorOf(req), req.body),
  );
  for (const [path, provider] of [
    ["hubspot", "hubspot"],
    ["customer-io", "customerio"],
  ] as const) {
    r.post(
      `/api/integrations/${path}/sync`,
      { schema: { tags, summary: "Sync now", response: { 200: integrationStatusResponse } } },
      async (req) => integrations.syncNow(ctx, actorOf(req), provider),
    );
  }
  for (const [path, provider] of [
    ["zapier", "zapier"],
    ["hubspot", "hubspot"],
    ["customer-io", "customerio"],
  ] as const) {
    r.delete(
      `/api/integrations/${path}`,
      { schema: { tags, summary: `Disconnect ${path}` } },
      async (req, reply) => {
        await integrations.disconnect(ctx, actorOf(req), provider);
        return reply.status(204).send();
      },
    );
  }
  r.get(
    "/api/integrations/hubspot/oauth/start",
    { schema: { tags, summary: "Start connecting HubSpot by OAuth (redirects to HubSpot)" } },
    async (req, reply) => reply.redirect(integrations.hubspotAuthorizeUrl(ctx, actorOf(req))),
  );
  r.get(
    "/api/integrations/hubspot/oauth/callback",
    {
      schema: {
        tags,
        summary: "HubSpot's OAuth redirect back",
        querystring: z.object({
          code: z.string().max(2000).default(""),
          state: z.string().max(500).default(""),
        }),
      },
    },
    async (req, reply) => {
      const ok =
        req.query.code !== "" &&
        (await integrations.finishHubspotOAuth(ctx, actorOf(req), req.query.code, req.query.state));
      return reply.redirect(`${PAGE}?${ok ? "connected=1" : "error=oauth"}`);
    },
  );

  // ---- Zapier REST hooks (API key) ----
  r.get(
    "/api/v1/zapier/me",
    {
      schema: {
        ...op("zapierMe", "Zapier's connection test: the key's account", "zapier"),
        response: {
          200: z.object({ accountId: z.number(), accountName: z.string(), keyName: z.string() }),
        },
      },
    },
    async (req) => zapier.me(ctx, keyActorOf(req), req.apiCaller?.keyName ?? ""),
  );
  r.post(
    "/api/v1/zapier/hooks",
    {
      schema: {
        ...op(
          "zapierSubscribe",
          "Subscribe a Zapier hook URL to an event (REST hooks)",
          "zapier",
          `Each event of that kind is then posted to hookUrl, signed like every outgoing webhook. ${IDEMPOTENT}`,
        ),
        body: zapierSubscribeRequest,
        response: { 201: zapierHookResponse },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await zapier.subscribe(ctx, keyActorOf(req), req.apiCaller?.keyId ?? null, req.body)),
  );
  r.delete(
    "/api/v1/zapier/hooks/:id",
    {
      schema: {
        ...op("zapierUnsubscribe", "Unsubscribe a Zapier hook", "zapier"),
        params: intIdParams,
      },
    },
    async (req, reply) => {
      await zapier.unsubscribe(ctx, keyActorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.get(
    "/api/v1/zapier/samples/:event",
    {
      schema: {
        ...op(
          "zapierSamples",
          "The latest events of a kind, as a trigger would receive them",
          "zapier",
        ),
        params: z.object({ event: z.enum(WEBHOOK_EVENTS) }),
        response: { 200: z.array(z.record(z.string(), z.unknown())) },
      },
    },
    async (req) => zapier.samples(ctx, keyActorOf(req), req.params.event),
  );

  // ---- Customer.io's webhook action ----
  r.post(
    "/integrations/customer-io/send",
    {
      schema: {
        tags,
        summary: "Customer.io action: send a text to a subscriber (Bearer action token)",
        body: customerIoSendRequest,
      },
    },
    async (req, reply) =>
      reply.status(201).send(await sendFromCustomerIo(ctx, req.headers.authorization, req.body)),
  );
}
