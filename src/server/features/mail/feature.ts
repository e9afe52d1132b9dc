import { defineFeature } from "../feature";
import { mailboxRoutes } from "./mailbox.routes";

export const mailFeature = defineFeature({
  name: "mail",
  routes: [mailboxRoutes],
  // The child's people's own mail (a reset link read here would sign in as them).
  notWhileActing: ["GET /api/mailbox", "GET /api/mailbox/:id"],
  policy: {
    // One's own things.
    "GET /api/mailbox": "self",
    "GET /api/mailbox/:id": "self",
  },
});
