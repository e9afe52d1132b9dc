import { defineFeature } from "../feature";
import { inboxRoutes } from "./inbox.routes";

export const inboxFeature = defineFeature({
  name: "inbox",
  routes: [inboxRoutes],
  policy: {
    // Inbox (an agent's conversations are those of their groups, a restricted user's those of
    // their numbers).
    "GET /api/inbox/context": "inbox:read",
    "GET /api/inbox/counts": "inbox:read",
    "GET /api/inbox/conversations": "inbox:read",
    "GET /api/inbox/conversations/find": "inbox:read",
    "GET /api/inbox/conversations/:id": "inbox:read",
    "GET /api/inbox/conversations/:id/messages": "inbox:read",
    "GET /api/inbox/conversations/:id/export": "inbox:read",
    "GET /api/inbox/assignable-users": "inbox:read",
    "POST /api/inbox/conversations/:id/messages": "inbox:reply",
    "POST /api/inbox/conversations/:id/read": "inbox:reply",
    "PUT /api/inbox/conversations/:id/assignee": "inbox:reply",
    "POST /api/inbox/conversations/:id/archive": "inbox:reply",
    "POST /api/inbox/conversations/:id/unarchive": "inbox:reply",
    "POST /api/inbox/conversations/:id/unsubscribe": "inbox:reply",
    "POST /api/inbox/conversations/:id/block": "inbox:reply",
    "DELETE /api/inbox/messages/:id": "inbox:reply",
    "POST /api/inbox/mark-all-read": "inbox:reply",
    "POST /api/inbox/bulk": "inbox:reply",
  },
});
