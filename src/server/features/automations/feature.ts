import { defineFeature } from "../feature";
import { autoRepliesRoutes } from "./auto-replies.routes";
import { automationsLoop } from "./automations.loop";
import { automationsRoutes } from "./automations.routes";
import { automationsConsumer } from "./engine-loop";

export const automationsFeature = defineFeature({
  name: "automations",
  routes: [automationsRoutes, autoRepliesRoutes],
  policy: {
    // Campaigns and reports.
    // Automations (drips, workflows, chatbots) and automated replies: what sending is to a campaign.
    "GET /api/automations": "sends:read",
    "POST /api/automations": "sends:write",
    "POST /api/automations/validate": "sends:write",
    "GET /api/automations/clock": "sends:read",
    "POST /api/automations/clock": "sends:write",
    "GET /api/automations/:id": "sends:read",
    "PUT /api/automations/:id": "sends:write",
    "POST /api/automations/:id/status": "sends:write",
    "POST /api/automations/:id/stop": "sends:write",
    "GET /api/automations/:id/report": "sends:read",
    "DELETE /api/automations/:id": "sends:write",
    "GET /api/auto-replies": "sends:read",
    "POST /api/auto-replies": "sends:write",
    "POST /api/auto-replies/order": "sends:write",
    "POST /api/auto-replies/preview": "sends:read",
    "GET /api/auto-replies/:id": "sends:read",
    "PUT /api/auto-replies/:id": "sends:write",
    "DELETE /api/auto-replies/:id": "sends:write",
  },
  pipelineLoops: [automationsLoop],
  eventConsumers: { automations: automationsConsumer },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/automations/validate": "checks a graph; saves nothing",
    "POST /api/automations/clock": "moves a test server's automation clock (refused elsewhere)",
    "POST /api/auto-replies/preview": "previews which reply would answer; saves nothing",
  },
});
