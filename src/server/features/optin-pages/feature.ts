import { defineFeature, PUBLIC } from "../feature";
import { optinPagesRoutes } from "./optin-pages.routes";

export const optinPagesFeature = defineFeature({
  name: "optin-pages",
  routes: [optinPagesRoutes],
  policy: {
    // Growth tools: keywords, sign-up page, opt-in forms, QR codes, web banner (issue 14).
    "GET /api/optin-pages": "account:read",
    "POST /api/optin-pages": "settings:write",
    "GET /api/optin-pages/:id": "account:read",
    "PUT /api/optin-pages/:id": "settings:write",
    "DELETE /api/optin-pages/:id": "settings:write",
    "GET /api/optin/:accountName/:slug": PUBLIC,
    "GET /api/optin/:accountName/:slug/challenge": PUBLIC,
    "POST /api/optin/:accountName/:slug": PUBLIC,
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/optin/:accountName/:slug":
      "public: a visitor's opt-in, recorded as consent evidence",
  },
});
