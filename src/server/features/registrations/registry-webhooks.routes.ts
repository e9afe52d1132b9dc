import type { FastifyInstance } from "fastify";
import { isFreshTelnyxTimestamp } from "../../../domain/telnyx";
import { TELNYX_REGISTRY_WEBHOOK_PATH } from "../../carriers/registry/telnyx-registry";
import { TWILIO_REGISTRY_WEBHOOK_PATH } from "../../carriers/registry/twilio-registry";
import { isValidTelnyxSignature, telnyxPublicKey } from "../../carriers/telnyx-signature";
import { type FormParams, isValidTwilioSignature } from "../../carriers/twilio-signature";
import type { AppContext } from "../../http/context";
import { registryCallback } from "./registry-reviews.service";

/** Twilio's ids of the things a registration creates (bundles, brands, services, campaigns, verifications). */
const REGISTRY_SID = /^(BU|BN|QE|HH|MG)[0-9a-fA-F]{32}$/;
/** Telnyx's ids (brands, campaigns, verifications: UUIDs) and TCR's (B/C and six characters). */
const TELNYX_REGISTRY_ID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[BC][A-Z0-9]{6})$/;

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
      collectIds(request.body, REGISTRY_SID, ids, 0);
      await registryCallback(ctx, "twilio", [...ids]);
      return reply.status(204).send();
    },
  );
}

/**
 * Telnyx's 10DLC events (`10dlc.brand.update`, `10dlc.campaign.update`, number assignments) and
 * toll-free verification updates: JSON signed with Ed25519 over `${timestamp}|${raw body}`, as
 * its messaging webhooks. Like Twilio's, an event only brings the named reviews' next check
 * forward; the outcome is read from Telnyx's API.
 */
export function telnyxRegistryWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  if (ctx.carrierSettings.mode !== "telnyx") return;
  const publicKey = telnyxPublicKey(ctx.carrierSettings.publicKey);
  void app.register(async (scope) => {
    // The signature covers the exact bytes: keep the body as text.
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      TELNYX_REGISTRY_WEBHOOK_PATH,
      { schema: { hide: true }, helmet: false },
      async (request, reply) => {
        const raw = typeof request.body === "string" ? request.body : "";
        const timestamp = headerOf(request.headers["telnyx-timestamp"]);
        const signature = headerOf(request.headers["telnyx-signature-ed25519"]);
        if (!isValidTelnyxSignature(publicKey, timestamp, raw, signature))
          return reply.status(403).type("text/plain").send("Invalid signature");
        if (!isFreshTelnyxTimestamp(timestamp, ctx.clock.now().getTime()))
          return reply.status(403).type("text/plain").send("Stale timestamp");
        let event: unknown;
        try {
          event = JSON.parse(raw);
        } catch {
          return reply.status(400).type("text/plain").send("The body is not JSON.");
        }
        const payload = (event as { data?: { payload?: unknown } })?.data?.payload;
        const ids = new Set<string>();
        collectIds(payload, TELNYX_REGISTRY_ID, ids, 0);
        await registryCallback(ctx, "telnyx", [...ids]);
        return reply.status(204).send();
      },
    );
  });
}

function headerOf(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function collectIds(value: unknown, shape: RegExp, into: Set<string>, depth: number) {
  if (depth > 5 || into.size > 50) return;
  if (typeof value === "string") {
    if (shape.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) collectIds(v, shape, into, depth + 1);
  } else if (value && typeof value === "object") {
    for (const v of Object.values(value)) collectIds(v, shape, into, depth + 1);
  }
}
