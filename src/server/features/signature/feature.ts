import { defineFeature } from "../feature";
import { signatureRoutes } from "./signature.routes";

export const signatureFeature = defineFeature({
  name: "signature",
  routes: [signatureRoutes],
  policy: {
    // One's own things.
    "GET /api/signature": "self",
    "PUT /api/signature": "self",
  },
});
