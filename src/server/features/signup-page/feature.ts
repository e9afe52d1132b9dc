import { defineFeature, PUBLIC } from "../feature";
import { signupPageRoutes } from "./signup-page.routes";

export const signupPageFeature = defineFeature({
  name: "signup-page",
  routes: [signupPageRoutes],
  policy: {
    // Growth tools: keywords, sign-up page, opt-in forms, QR codes, web banner (issue 14).
    "GET /api/signup-page": "account:read",
    "PUT /api/signup-page": "settings:write",
    "GET /api/subscribe/:accountName": PUBLIC,
    "GET /api/subscribe/:accountName/challenge": PUBLIC,
    "POST /api/subscribe/:accountName": PUBLIC,
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/subscribe/:accountName": "public: a visitor's sign-up, recorded as consent evidence",
  },
});
