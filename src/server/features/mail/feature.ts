import { defineFeature } from "../feature";
import { mailboxRoutes } from "./mailbox.routes";

export const mailFeature = defineFeature({
  name: "mail",
  routes: [mailboxRoutes],
  policy: {
    // One's own things.
    "GET /api/mailbox": "self",
    "GET /api/mailbox/:id": "self",
  },
});
