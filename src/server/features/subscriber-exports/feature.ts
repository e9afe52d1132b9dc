import { defineFeature } from "../feature";
import { exportsRoutes } from "./exports.routes";
import { subscribersExportJob } from "./subscribers-export.job";

export const subscriberExportsFeature = defineFeature({
  name: "subscriber-exports",
  routes: [exportsRoutes],
  policy: {
    // Subscribers (an agent's are those of their groups).
    "GET /api/subscribers/exports": "subscribers:export",
    "POST /api/subscribers/exports": "subscribers:export",
    "GET /api/subscribers/exports/:id": "subscribers:export",
    "GET /api/subscribers/exports/:id/download": "subscribers:export",
  },
  jobs: [subscribersExportJob],
});
