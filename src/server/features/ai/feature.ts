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
});
