import { defineFeature } from "../feature";
import { templatesRoutes } from "./templates.routes";

export const templatesFeature = defineFeature({
  name: "templates",
  routes: [templatesRoutes],
  policy: {
    // Composing: the tools serve the inbox's reply box too.
    "GET /api/content-status": "compose:tools",
    "GET /api/templates/unverified-toll-free": "compose:tools",
    "GET /api/templates": "compose:tools",
    "GET /api/templates/:id": "compose:tools",
    "GET /api/controlled-templates": "compose:tools",
    "GET /api/controlled-templates/:id": "compose:tools",
    "POST /api/templates/starter": "templates:write",
    "POST /api/templates": "templates:write",
    "PUT /api/templates/:id": "templates:write",
    "DELETE /api/templates/:id": "templates:write",
    "POST /api/controlled-templates": "templates:write",
    "PUT /api/controlled-templates/:id": "templates:write",
    "DELETE /api/controlled-templates/:id": "templates:write",
  },
});
