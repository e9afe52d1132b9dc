import { defineFeature } from "../feature";
import { webBannerRoutes } from "./web-banner.routes";

export const webBannerFeature = defineFeature({
  name: "web-banner",
  routes: [webBannerRoutes],
  policy: {
    // Growth tools: keywords, sign-up page, opt-in forms, QR codes, web banner (issue 14).
    "GET /api/web-banner": "account:read",
    "PUT /api/web-banner": "settings:write",
  },
});
