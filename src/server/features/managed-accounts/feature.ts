import { defineFeature } from "../feature";
import { managedAccountsRoutes } from "./managed-accounts.routes";

export const managedAccountsFeature = defineFeature({
  name: "managed-accounts",
  routes: [managedAccountsRoutes],
  policy: {
    // Managed accounts (a parent's children; the service refuses children themselves).
    "GET /api/managed-accounts": "accounts:manage",
    "POST /api/managed-accounts": "accounts:manage",
    "GET /api/managed-accounts/:id/audit": "accounts:manage",
    "POST /api/managed-accounts/:id/access": "accounts:manage",
    // Whoever is acting in a child goes back to their own account (the service refuses the rest).
    "POST /api/managed-accounts/return": "self",
  },
});
