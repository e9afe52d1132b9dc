import { defineFeature } from "../feature";
import { voiceLoop } from "./voice.loop";
import { voiceRoutes } from "./voice.routes";
import { voiceWebhookRoutes } from "./voice-webhook.routes";

export const voiceFeature = defineFeature({
  name: "voice",
  routes: [voiceRoutes],
  carrierWebhooks: [voiceWebhookRoutes],
  policy: {
    // Campaigns and reports.
    // Voice broadcasts (/phone-messages): calls are sends; voice consent is the subscriber's.
    "GET /api/phone-messages": "sends:read",
    "POST /api/phone-messages": "sends:write",
    "POST /api/phone-messages/audience": "sends:write",
    "GET /api/phone-messages/preview": "sends:read",
    "POST /api/phone-messages/voice-consent": "subscribers:write",
    "GET /api/phone-messages/:id": "sends:read",
    "PUT /api/phone-messages/:id": "sends:write",
    "DELETE /api/phone-messages/:id": "sends:write",
  },
  pipelineLoops: [voiceLoop],
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/phone-messages/audience": "counts who a broadcast would reach; saves nothing",
  },
});
