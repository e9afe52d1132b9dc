import { defineFeature } from "../feature";
import { campaignsRoutes } from "./campaigns.routes";

export const campaignsFeature = defineFeature({
  name: "campaigns",
  routes: [campaignsRoutes],
  policy: {
    // Campaigns and reports.
    "GET /api/campaigns": "sends:read",
    "POST /api/campaigns": "sends:write",
    "GET /api/campaigns/candidates": "sends:read",
    "GET /api/campaigns/:id": "sends:read",
    "PUT /api/campaigns/:id": "sends:write",
    "DELETE /api/campaigns/:id": "sends:write",
    "POST /api/campaigns/:id/members": "sends:write",
    "POST /api/campaigns/:id/members/remove": "sends:write",
  },
});
