import { defineFeature } from "../feature";
import { exportsRoutes } from "./exports.routes";
import { subscribersExportJob } from "./subscribers-export.job";

export const subscriberExportsFeature = defineFeature({
  name: "subscriber-exports",
  routes: [exportsRoutes],
  policy: {
    // Subscribers (an agent's are those of their groups).
    "POST /api/subscribers/exports": "subscribers:export",
    // Export History: every export, each person's own (the Owner's: everyone's). An Agent has
    // conversations to export, so reading is everyone's.
    "GET /api/subscribers/exports": "self",
    "GET /api/subscribers/exports/:id": "self",
    "GET /api/subscribers/exports/:id/download": "self",
  },
  jobs: [subscribersExportJob],
});
