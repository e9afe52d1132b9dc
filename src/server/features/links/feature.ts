import { defineFeature } from "../feature";
import { linksRoutes } from "./links.routes";

export const linksFeature = defineFeature({
  name: "links",
  routes: [linksRoutes],
  policy: {
    // Composing: the tools serve the inbox's reply box too.
    "GET /api/links": "compose:tools",
    "GET /api/links/tags": "compose:tools",
    "GET /api/links/review-links": "compose:tools",
    "GET /api/links/:id": "compose:tools",
    "POST /api/links": "compose:tools",
    "PATCH /api/links/:id": "links:write",
  },
});
