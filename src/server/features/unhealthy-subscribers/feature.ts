import { defineFeature } from "../feature";
import { unhealthySubscribersRoutes } from "./unhealthy.routes";

export const unhealthySubscribersFeature = defineFeature({
  name: "unhealthy-subscribers",
  routes: [unhealthySubscribersRoutes],
  policy: {
    // Subscribers (an agent's are those of their groups).
    "GET /api/unhealthy-subscribers": "subscribers:bulk",
    "POST /api/unhealthy-subscribers/clean-up": "subscribers:bulk",
    "POST /api/unhealthy-subscribers/line-check": "subscribers:bulk",
  },
});
