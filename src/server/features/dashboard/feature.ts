import { defineFeature } from "../feature";
import { dashboardRoutes } from "./dashboard.routes";

export const dashboardFeature = defineFeature({
  name: "dashboard",
  routes: [dashboardRoutes],
  policy: {
    // Account.
    "GET /api/dashboard": "dashboard:read",
  },
});
