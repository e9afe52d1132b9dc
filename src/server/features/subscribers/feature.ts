import { defineFeature } from "../feature";
import { subscribersRoutes } from "./subscribers.routes";

export const subscribersFeature = defineFeature({
  name: "subscribers",
  routes: [subscribersRoutes],
  policy: {
    // Subscribers (an agent's are those of their groups).
    "GET /api/subscribers": "subscribers:read",
    "GET /api/subscribers/count": "subscribers:read",
    "GET /api/subscribers/memberships": "subscribers:read",
    "GET /api/subscribers/:id": "subscribers:read",
    "GET /api/subscribers/:id/consent-history": "subscribers:read",
    "GET /api/subscribers/:id/messages": "subscribers:read",
    "POST /api/subscribers": "subscribers:write",
    "PATCH /api/subscribers/:id": "subscribers:write",
    "POST /api/subscribers/:id/opt-out": "subscribers:write",
    "POST /api/subscribers/:id/opt-in": "subscribers:write",
    "POST /api/subscribers/:id/block": "subscribers:write",
    "POST /api/subscribers/:id/unblock": "subscribers:write",
    "POST /api/subscribers/:id/marketing-consent": "subscribers:write",
    "DELETE /api/subscribers/:id": "subscribers:delete",
    "POST /api/subscribers/bulk/delete": "subscribers:bulk",
    "POST /api/subscribers/bulk/add-to-group": "subscribers:bulk",
    "POST /api/subscribers/bulk/remove-from-group": "subscribers:bulk",
  },
});
