import { defineFeature } from "../feature";
import { aiRoutes } from "./ai.routes";

export const aiFeature = defineFeature({
  name: "ai",
  routes: [aiRoutes],
  policy: {
    // Composing: the tools serve the inbox's reply box too.
    "GET /api/ai/engine": "compose:tools",
    "POST /api/ai/propose": "compose:tools",
    "POST /api/ai/shorten": "compose:tools",
    "POST /api/ai/image": "compose:tools",
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/ai/propose": "drafts text for the composer; nothing is saved or sent",
    "POST /api/ai/shorten": "drafts text for the composer; nothing is saved or sent",
    "POST /api/ai/image":
      "drafts an image for the composer; what is sent with it is recorded by the send",
  },
});
