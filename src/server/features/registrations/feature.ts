import { defineFeature } from "../feature";
import { phoneAlertsConsumer } from "./phone-alerts.service";
import { registrationsRoutes } from "./registrations.routes";
import { registryReviewsLoop } from "./registry-reviews.loop";
import { registryWebhookRoutes, telnyxRegistryWebhookRoutes } from "./registry-webhooks.routes";

export const registrationsFeature = defineFeature({
  name: "registrations",
  // Telnyx's registration events (JSON, Ed25519) beside the app's routes: with Telnyx there is no
  // form-encoded carrier scope.
  routes: [registrationsRoutes, telnyxRegistryWebhookRoutes],
  policy: {
    // Numbers and registration (the owner's: spec doc 1 §6).
    // Registration reviews, the guided tour, the phone alerts add-on (migration 0029).
    "GET /api/registrations/status": "account:read",
    "POST /api/registrations/brand-prompt": "registration:manage",
    // A sole proprietor's brand waiting for its mobile: the text again, or the PIN it brought.
    "POST /api/registrations/brand/verification-text": "registration:manage",
    "POST /api/registrations/brand/verification-pin": "registration:manage",
    "GET /api/tour": "self",
    "PUT /api/tour": "self",
    "GET /api/addons/phone-alerts": "account:read",
    "PUT /api/addons/phone-alerts": "settings:write",
  },
  // Twilio's registration status callbacks (outside /api: no policy).
  carrierWebhooks: [registryWebhookRoutes],
  workerLoops: [registryReviewsLoop],
  eventConsumers: { phone_alerts: phoneAlertsConsumer },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "PUT /api/tour": "the person's own place in the product tour",
  },
});
