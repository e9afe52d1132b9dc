import { defineFeature } from "../feature";
import { reportsRoutes } from "./reports.routes";

export const reportsFeature = defineFeature({
  name: "reports",
  routes: [reportsRoutes],
  policy: {
    // Campaigns and reports.
    "GET /api/sends/scheduled": "sends:read",
    "GET /api/reports/sent-messages": "reports:read",
    "POST /api/reports/sent-messages/export": "reports:read",
    "GET /api/reports/sent-messages/:id": "reports:read",
    "GET /api/reports/sent-messages/:id/recipients": "reports:read",
    "POST /api/reports/sent-messages/:id/recipients/export": "reports:read",
  },
});
