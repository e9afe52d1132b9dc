import type { FastifyInstance } from "fastify";
import { TWILIO_REGISTRY_WEBHOOK_PATH } from "../../carriers/registry/twilio-registry";
import { type FormParams, isValidTwilioSignature } from "../../carriers/twilio-signature";
import type { AppContext } from "../../http/context";
import { registryCallback } from "./registry-reviews.service";

/** Twilio's ids of the things a registration creates (bundles, brands, services, campaigns, verifications). */
const REGISTRY_SID = /^(BU|BN|QE|HH|MG)[0-9a-fA-F]{32}$/;

/**
 * Twilio's registration status callbacks: Trust Hub's bundle callbacks (form-encoded) and Event
 * Streams' A2P and toll-free events (JSON). Each only brings the named reviews' next question to
 * Twilio forward; the status itself is read from Twilio's API, so a callback cannot approve
 * anything. Signed with X-Twilio-Signature like every Twilio webhook (JSON posts sign the URL,
 * which carries the body's hash).
 */
export function registryWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = ctx.carrierSettings;
  if (settings.mode !== "twilio") return;
  app.post(
    TWILIO_REGISTRY_WEBHOOK_PATH,
    { schema: { hide: true }, helmet: false },
    async (request, reply) => {
      const json = !String(request.headers["content-type"] ?? "").includes("form");
      const params: FormParams = json ? {} : ((request.body ?? {}) as FormParams);
      const signature = request.headers["x-twilio-signature"];
      if (
        !isValidTwilioSignature(
          settings.authToken,
          `${ctx.config.webhookBase}${request.url}`,
          params,
          typeof signature === "string" ? signature : undefined,
        )
      )
        return reply.status(403).type("text/plain").send("Invalid signature");
      const ids = new Set<string>();
      collectSids(request.body, ids, 0);
      await registryCallback(ctx, "twilio", [...ids]);
      return reply.status(204).send();
    },
  );
}

function collectSids(value: unknown, into: Set<string>, depth: number) {
  if (depth > 5 || into.size > 50) return;
  if (typeof value === "string") {
    if (REGISTRY_SID.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) collectSids(v, into, depth + 1);
  } else if (value && typeof value === "object") {
    for (const v of Object.values(value)) collectSids(v, into, depth + 1);
  }
}
