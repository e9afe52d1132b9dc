import { defineFeature, PUBLIC } from "../feature";
import { usersRoutes } from "./users.routes";

export const usersFeature = defineFeature({
  name: "users",
  routes: [usersRoutes],
  policy: {
    // Sign-in, sign-up and the links that come by e-mail or text.
    "GET /api/users/invites/verify": PUBLIC,
    "POST /api/users/invites/accept": PUBLIC,

    // One's own things.
    "PUT /api/users/:id": "self",

    // Users.
    "GET /api/users": "users:manage",
    "POST /api/users/invites": "users:manage",
    "POST /api/users/invites/:id/resend": "users:manage",
    "DELETE /api/users/invites/:id": "users:manage",
    "DELETE /api/users/:id": "users:manage",
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/users/invites/accept":
      "public (no session): its service records the new user joining under their name",
  },
});
