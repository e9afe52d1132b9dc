import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  connectCustomerIoRequest,
  connectHubspotRequest,
  customerIoDetailResponse,
  integrationStatusResponse,
  listIntegrationsResponse,
  zapierDetailResponse,
} from "../../../domain/integrations";
import type { AppContext } from "../../http/context";
import * as integrations from "../integrations/integrations.service";
import { keyActorOf as key, op } from "./v1-route";

const tag = "integrations";
/** As on the screen, whoever manages the settings sees and changes the connections. */
const NEEDS = "Needs `settings:write`, reading too: the status shows the connection's details.";

/**
 * HubSpot, Customer.io and Zapier connections as the add-ons pages show them. Connecting HubSpot
 * by its OAuth sign-in stays a browser's (a redirect through HubSpot); a private-app token works.
 */
export function v1IntegrationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/integrations",
    {
      schema: {
        ...op("listIntegrations", "Integrations and their connection state", tag, NEEDS),
        response: { 200: listIntegrationsResponse },
      },
    },
    (req) => integrations.listIntegrations(ctx, key(req)),
  );
  r.get(
    "/api/v1/integrations/zapier",
    {
      schema: {
        ...op(
          "getZapierIntegration",
          "Zapier's connection and its active Zap triggers",
          tag,
          NEEDS,
        ),
        response: { 200: zapierDetailResponse },
      },
    },
    (req) => integrations.zapierDetail(ctx, key(req)),
  );
  for (const [path, provider, name, noun] of [
    ["hubspot", "hubspot", "HubSpot", "Hubspot"],
    ["customer-io", "customerio", "Customer.io", "CustomerIo"],
  ] as const) {
    r.get(
      `/api/v1/integrations/${path}`,
      {
        schema: {
          ...op(`get${noun}Integration`, `${name}'s connection and last sync`, tag, NEEDS),
          response: { 200: integrationStatusResponse },
        },
      },
      (req) => integrations.integrationStatus(ctx, key(req), provider),
    );
    r.post(
      `/api/v1/integrations/${path}/sync`,
      {
        schema: {
          ...op(
            `sync${noun}Integration`,
            `Sync ${name} now`,
            tag,
            "Runs the sync in the request (as the page's 'Sync now') and answers the new state.",
          ),
          response: { 200: integrationStatusResponse },
        },
      },
      (req) => integrations.syncNow(ctx, key(req), provider),
    );
  }
  r.put(
    "/api/v1/integrations/hubspot",
    {
      schema: {
        ...op(
          "connectHubspotIntegration",
          "Connect HubSpot with a private-app token",
          tag,
          "The token is checked against HubSpot first; a refused one is a 400 on accessToken.",
        ),
        body: connectHubspotRequest.meta({
          examples: [{ accessToken: "pat-na1-00000000-0000-0000-0000-000000000000" }],
        }),
        response: { 200: integrationStatusResponse },
      },
    },
    (req) => integrations.connectHubspotToken(ctx, key(req), req.body),
  );
  r.put(
    "/api/v1/integrations/customer-io",
    {
      schema: {
        ...op(
          "connectCustomerIoIntegration",
          "Connect Customer.io with its Track API credentials",
          tag,
          "Checked against Customer.io first. Answers the action token (for Customer.io's webhook action) once: connecting again makes a new one.",
        ),
        body: connectCustomerIoRequest.meta({
          examples: [{ siteId: "a1b2c3d4e5", apiKey: "0123456789abcdef0123" }],
        }),
        response: { 200: customerIoDetailResponse },
      },
    },
    (req) => integrations.connectCustomerIo(ctx, key(req), req.body),
  );
  for (const [path, provider, name, noun] of [
    ["zapier", "zapier", "Zapier (every Zap trigger)", "Zapier"],
    ["hubspot", "hubspot", "HubSpot", "Hubspot"],
    ["customer-io", "customerio", "Customer.io", "CustomerIo"],
  ] as const) {
    r.delete(
      `/api/v1/integrations/${path}`,
      { schema: op(`disconnect${noun}Integration`, `Disconnect ${name}`, tag) },
      async (req, reply) => {
        await integrations.disconnect(ctx, key(req), provider);
        return reply.status(204).send();
      },
    );
  }
}
