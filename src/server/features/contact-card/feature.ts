import { defineFeature, PUBLIC } from "../feature";
import { contactCardRoutes } from "./contact-card.routes";

export const contactCardFeature = defineFeature({
  name: "contact-card",
  routes: [contactCardRoutes],
  policy: {
    // Sign-in, sign-up and the links that come by e-mail or text.
    "GET /api/contact-card/:file": PUBLIC,

    // Account.
    "GET /api/contact-card": "account:read",
    "POST /api/contact-card": "settings:write",
  },
});
