import { defineFeature } from "../feature";
import { qrCodesRoutes } from "./qr-codes.routes";

export const qrCodesFeature = defineFeature({
  name: "qr-codes",
  routes: [qrCodesRoutes],
  policy: {
    // Growth tools: keywords, sign-up page, opt-in forms, QR codes, web banner (issue 14).
    "GET /api/qr-templates": "account:read",
    "POST /api/qr-templates": "settings:write",
    "GET /api/qr-templates/:id": "account:read",
    "PUT /api/qr-templates/:id": "settings:write",
    "DELETE /api/qr-templates/:id": "settings:write",
  },
});
