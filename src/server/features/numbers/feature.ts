import { defineFeature } from "../feature";
import { numbersRoutes } from "./numbers.routes";
import { registrationRoutes } from "./registration.routes";

export const numbersFeature = defineFeature({
  name: "numbers",
  routes: [numbersRoutes, registrationRoutes],
  policy: {
    // Numbers and registration (the owner's: spec doc 1 §6).
    "GET /api/dedicated-numbers": "account:read",
    "GET /api/dedicated-numbers/has-valid-sending-number": "account:read",
    "GET /api/dedicated-numbers/:id": "account:read",
    "GET /api/dedicated-numbers/available": "numbers:manage",
    "POST /api/dedicated-numbers": "numbers:manage",
    "PATCH /api/dedicated-numbers/:id": "numbers:manage",
    "DELETE /api/dedicated-numbers/:id": "numbers:manage",
    "POST /api/dedicated-numbers/:id/toll-free-verification": "numbers:manage",
    "GET /api/brand-registration": "registration:manage",
    "PUT /api/brand-registration/brand": "registration:manage",
    "PUT /api/brand-registration/campaign": "registration:manage",
  },
});
