import { defineFeature } from "../feature";
import { creditsRoutes } from "./credits.routes";

export const creditsFeature = defineFeature({
  name: "credits",
  routes: [creditsRoutes],
  policy: {
    // Account.
    "GET /api/credits": "account:read",
    "POST /api/credits/purchase": "credits:buy",
  },
});
