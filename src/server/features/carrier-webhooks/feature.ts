import { defineFeature } from "../feature";
import { carrierWebhookRoutes } from "./carrier-webhooks.routes";
import { inboundLoop } from "./inbound.loop";
import { telnyxWebhookRoutes } from "./telnyx-webhooks.routes";

/**
 * The carrier's webhooks, for the configured carrier only: Telnyx's (JSON, Ed25519) or Twilio's
 * (and the emulator's: form-encoded, in the carrier scope). All outside /api: no policy. The
 * webhooks only record an inbound text; the pipeline's ingress loop handles it.
 */
export const carrierWebhooksFeature = defineFeature({
  name: "carrier-webhooks",
  routes: [
    (app, ctx) => {
      if (ctx.carrierSettings.mode === "telnyx") telnyxWebhookRoutes(app, ctx, ctx.carrierSettings);
    },
  ],
  carrierWebhooks: [carrierWebhookRoutes],
  pipelineLoops: [inboundLoop],
});
