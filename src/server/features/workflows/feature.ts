import { defineFeature } from "../feature";
import { workflowsRoutes } from "./workflows.routes";
import { v1WorkflowsRoutes } from "./workflows-v1.routes";

export const workflowsFeature = defineFeature({
  name: "workflows",
  routes: [workflowsRoutes, v1WorkflowsRoutes],
  policy: {
    // Campaigns and reports.
    // Automations (drips, workflows, chatbots) and automated replies: what sending is to a campaign.
    "GET /api/workflows/name-available": "sends:read",
    "GET /api/workflows/:id": "sends:read",
    "PUT /api/workflows/:id/layout": "sends:write",
    "POST /api/workflows/:id/duplicate": "sends:write",
    "POST /api/workflows/:id/publish": "sends:write",
    "POST /api/workflows/:id/test-run": "sends:write",

    // The public REST API: API keys only (api-auth.ts). A key's scopes are permissions
    // (src/domain/api-keys.ts: 'subscribers:read' holds subscribers:read, fields:read and
    // groups:read; each area's write adds its writes), so the rule reads as for people.
    "POST /api/v1/workflows/:id/runs": "sends:write",
    "PUT /api/v1/workflows/:id/layout": "sends:write",
    "POST /api/v1/workflows/:id/duplicate": "sends:write",
    "POST /api/v1/workflows/:id/test-run": "sends:write",
  },
});
