import { defineFeature, PUBLIC } from "../feature";
import { analyticsRoutes } from "./analytics.routes";
import { conversionsRoutes } from "./conversions.routes";

export const analyticsFeature = defineFeature({
  name: "analytics",
  routes: [analyticsRoutes, conversionsRoutes],
  policy: {
    // Campaigns and reports.
    "GET /api/analytics": "reports:read",
    "GET /api/analytics/cohorts": "reports:read",
    "GET /api/analytics/failures/numbers": "reports:read",
    "POST /api/analytics/failures/retry": "sends:write",
    "POST /api/analytics/failures/clean-up": "subscribers:bulk",
    "GET /api/analytics/conversions": "reports:read",
    "GET /api/analytics/conversions/settings": "reports:read",
    "PUT /api/analytics/conversions/settings": "settings:write",
    "POST /api/public/conversions": PUBLIC,
    "GET /api/public/conversions/pixel": PUBLIC,
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/public/conversions": "public: a visitor's conversion, counted in the reports",
  },
});
