import { defineFeature } from "../feature";
import { growthRoutes } from "./growth.routes";

export const growthFeature = defineFeature({
  name: "growth",
  routes: [growthRoutes],
  policy: {
    // Growth tools: keywords, sign-up page, opt-in forms, QR codes, web banner (issue 14).
    "GET /api/growth/overview": "reports:read",
  },
});
