import { defineFeature } from "../feature";
import { inboxRoutes } from "./inbox.routes";
import { inboxToolsRoutes } from "./inbox-tools.routes";

export const inboxFeature = defineFeature({
  name: "inbox",
  routes: [inboxRoutes, inboxToolsRoutes],
  policy: {
    // Inbox (an agent's conversations are those of their groups, a restricted user's those of
    // their numbers).
    "GET /api/inbox/context": "inbox:read",
    "GET /api/inbox/counts": "inbox:read",
    "GET /api/inbox/conversations": "inbox:read",
    "GET /api/inbox/conversations/find": "inbox:read",
    "GET /api/inbox/conversations/:id": "inbox:read",
    "GET /api/inbox/conversations/:id/messages": "inbox:read",
    "POST /api/inbox/conversations/:id/export": "inbox:read",
    "POST /api/inbox/replies/export": "inbox:read",
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
    // The team's tools: notes (never sent), labels, snooze, and each user's own alerts.
    "POST /api/inbox/conversations/:id/notes": "inbox:reply",
    "GET /api/inbox/labels": "inbox:read",
    "POST /api/inbox/labels": "inbox:reply",
    "DELETE /api/inbox/labels/:id": "inbox:reply",
    "PUT /api/inbox/conversations/:id/labels": "inbox:reply",
    "POST /api/inbox/conversations/:id/snooze": "inbox:reply",
    "DELETE /api/inbox/conversations/:id/snooze": "inbox:reply",
    "GET /api/inbox/alerts": "inbox:read",
    "PUT /api/inbox/alerts": "inbox:read",
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/inbox/conversations/:id/read": "the reader's read marks",
    "POST /api/inbox/mark-all-read": "the reader's read marks",
    "POST /api/inbox/conversations/:id/messages":
      "a one-to-one text is its own record: the message names who sent it, and when",
    "POST /api/inbox/conversations/:id/notes":
      "a note is its own record in the conversation, with its author and time",
  },
});
