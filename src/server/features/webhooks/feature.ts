import { defineFeature } from "../feature";
import { webhookDeliveryLoop } from "./webhook-delivery.loop";
import { webhooksConsumer } from "./webhook-events";
import { webhooksRoutes } from "./webhooks.routes";

export const webhooksFeature = defineFeature({
  name: "webhooks",
  routes: [webhooksRoutes],
  policy: {
    // Outgoing webhooks: on the developer dashboard and through the API (same service).
    "GET /api/webhooks": "webhooks:read",
    "POST /api/webhooks": "webhooks:write",
    "GET /api/webhooks/:id": "webhooks:read",
    "PATCH /api/webhooks/:id": "webhooks:write",
    "DELETE /api/webhooks/:id": "webhooks:write",
    "GET /api/webhooks/:id/deliveries": "webhooks:read",
    "POST /api/webhooks/:id/deliveries/:deliveryId/replay": "webhooks:write",
    "GET /api/v1/webhooks": "webhooks:read",
    "POST /api/v1/webhooks": "webhooks:write",
    "GET /api/v1/webhooks/:id": "webhooks:read",
    "PATCH /api/v1/webhooks/:id": "webhooks:write",
    "DELETE /api/v1/webhooks/:id": "webhooks:write",
    "GET /api/v1/webhooks/:id/deliveries": "webhooks:read",
    "POST /api/v1/webhooks/:id/deliveries/:deliveryId/replay": "webhooks:write",
  },
  pipelineLoops: [webhookDeliveryLoop],
  eventConsumers: { webhooks: webhooksConsumer },
});
