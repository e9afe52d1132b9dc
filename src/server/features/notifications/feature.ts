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
});
