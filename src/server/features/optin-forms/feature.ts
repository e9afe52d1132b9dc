import { defineFeature } from "../feature";
import { optinFormsRoutes } from "./optin-forms.routes";

export const optinFormsFeature = defineFeature({
  name: "optin-forms",
  routes: [optinFormsRoutes],
  policy: {
    // Growth tools: keywords, sign-up page, opt-in forms, QR codes, web banner (issue 14).
    "GET /api/optin-forms": "account:read",
    "POST /api/optin-forms": "settings:write",
    "GET /api/optin-forms/:id": "account:read",
    "PUT /api/optin-forms/:id": "settings:write",
    "DELETE /api/optin-forms/:id": "settings:write",
  },
});
