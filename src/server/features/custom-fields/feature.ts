import { defineFeature } from "../feature";
import { customFieldsRoutes } from "./custom-fields.routes";

export const customFieldsFeature = defineFeature({
  name: "custom-fields",
  routes: [customFieldsRoutes],
  policy: {
    // Groups and custom fields.
    "GET /api/custom-fields": "fields:read",
    "GET /api/custom-fields/:id": "fields:read",
    "GET /api/custom-fields/:id/years": "fields:read",
    "POST /api/custom-fields": "fields:write",
    "PATCH /api/custom-fields/:id": "fields:write",
    "DELETE /api/custom-fields/:id": "fields:write",
  },
});
