import { defineFeature } from "../feature";
import { webinarConnectionsRoutes } from "./webinar-connections.routes";
import { webinarRemindersJob } from "./webinar-reminders.job";
import { webinarsRoutes } from "./webinars.routes";

export const webinarsFeature = defineFeature({
  name: "webinars",
  routes: [webinarConnectionsRoutes, webinarsRoutes],
  policy: {
    // Webinars (events, registrants, reminders).
    "GET /api/webinars": "webinars:read",
    "POST /api/webinars": "webinars:write",
    "GET /api/webinars/:id": "webinars:read",
    "PUT /api/webinars/:id": "webinars:write",
    "DELETE /api/webinars/:id": "webinars:write",
    "GET /api/webinars/:id/registrants": "webinars:read",
    "POST /api/webinars/:id/import": "webinars:write",
    "POST /api/webinars/import-provider": "webinars:write",
    "GET /api/webinars/connections": "webinars:read",
    "GET /api/webinars/connections/:provider/start": "webinars:write",
    "DELETE /api/webinars/connections/:provider": "webinars:write",
  },
  jobs: [webinarRemindersJob],
});
