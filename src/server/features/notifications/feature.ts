import { defineFeature } from "../feature";
import { notificationsRoutes } from "./notifications.routes";

export const notificationsFeature = defineFeature({
  name: "notifications",
  routes: [notificationsRoutes],
  policy: {
    // One's own things.
    "GET /api/notifications": "self",
    "POST /api/notifications/read-all": "self",
    "POST /api/notifications/:id/read": "self",
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/notifications/read-all": "the reader's read marks",
    "POST /api/notifications/:id/read": "the reader's read marks",
  },
});
