import { defineFeature } from "../feature";
import { growthReportsRoutes } from "./growth-reports.routes";

export const growthReportsFeature = defineFeature({
  name: "growth-reports",
  routes: [growthReportsRoutes],
  policy: {
    // Campaigns and reports.
    "GET /api/reports/subscribers": "reports:read",
    "GET /api/reports/opt-outs": "reports:read",
    "GET /api/reports/link-clicks/subscribers": "reports:read",
    "GET /api/reports/link-clicks/sends": "reports:read",
    "POST /api/reports/exports": "reports:read",
    "GET /api/reports/exports": "reports:read",
    "GET /api/reports/exports/:id": "reports:read",
    "GET /api/reports/exports/:id/download": "reports:read",
  },
});
