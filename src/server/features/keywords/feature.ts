import { defineFeature } from "../feature";
import { keywordsRoutes } from "./keywords.routes";

export const keywordsFeature = defineFeature({
  name: "keywords",
  routes: [keywordsRoutes],
  policy: {
    // Growth tools: keywords, sign-up page, opt-in forms, QR codes, web banner (issue 14).
    "GET /api/keywords": "account:read",
    "POST /api/keywords": "settings:write",
    "POST /api/keywords/purchase": "billing",
    "GET /api/keywords/:id": "account:read",
    "PUT /api/keywords/:id": "settings:write",
    "PUT /api/keywords/:id/status": "settings:write",
    "GET /api/keywords/:id/stats": "account:read",
    "DELETE /api/keywords/:id": "settings:write",
  },
});
