import { defineFeature } from "../feature";
import { composerRoutes } from "./composer.routes";

export const composerFeature = defineFeature({
  name: "composer",
  routes: [composerRoutes],
  policy: {
    // Composing: the tools serve the inbox's reply box too.
    "POST /api/uploads/image": "compose:tools",
    "POST /api/uploads/attachment": "compose:tools",

    // Campaigns and reports.
    "POST /api/messages/test": "sends:write",
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/uploads/image": "a file for a message being written; the send is the change",
    "POST /api/uploads/attachment": "a file for a message being written; the send is the change",
  },
});
