import { defineFeature } from "../feature";
import { helpRoutes } from "./help.routes";

export const helpFeature = defineFeature({
  name: "help",
  routes: [helpRoutes],
  policy: {
    // Campaigns and reports.
    "POST /api/help/contact": "self",
    "GET /api/help/booking": "self",
  },
});
