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
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/help/contact": "a message to support; changes nothing of the account's",
  },
});
