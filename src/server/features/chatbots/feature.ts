import { defineFeature } from "../feature";
import { chatbotsRoutes } from "./chatbots.routes";

export const chatbotsFeature = defineFeature({
  name: "chatbots",
  routes: [chatbotsRoutes],
  policy: {
    // Campaigns and reports.
    // Automations (drips, workflows, chatbots) and automated replies: what sending is to a campaign.
    "GET /api/chatbots": "sends:read",
    "POST /api/chatbots": "sends:write",
    "GET /api/chatbots/:id": "sends:read",
    "PUT /api/chatbots/:id": "sends:write",
    "POST /api/chatbots/:id/enabled": "sends:write",
    "DELETE /api/chatbots/:id": "sends:write",
  },
});
