import { defineFeature } from "../feature";
import { auditRoutes } from "./audit.routes";

export const auditFeature = defineFeature({
  name: "audit",
  routes: [auditRoutes],
  policy: {
    // The account's audit log: the Owner's (src/domain/permissions.ts).
    "GET /api/audit": "audit:read",
    "POST /api/audit/export": "audit:read",
    "GET /api/audit/verify": "audit:read",
  },
});
