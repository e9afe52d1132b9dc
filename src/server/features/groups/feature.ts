import { defineFeature } from "../feature";
import { groupsRoutes } from "./groups.routes";

export const groupsFeature = defineFeature({
  name: "groups",
  routes: [groupsRoutes],
  policy: {
    // Groups and custom fields.
    "GET /api/groups": "groups:read",
    "GET /api/groups/:id": "groups:read",
    "POST /api/groups/adaptive-member-counts": "groups:read",
    "POST /api/groups/rules-preview": "groups:write",
    "POST /api/groups": "groups:write",
    "PATCH /api/groups/:id": "groups:write",
    "POST /api/groups/:id/members": "groups:write",
    "POST /api/groups/:id/members/remove": "groups:write",
    "DELETE /api/groups/:id": "groups:delete",
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/groups/adaptive-member-counts": "counts members; saves nothing",
    "POST /api/groups/rules-preview": "previews a rule's members; saves nothing",
  },
});
