import { defineFeature } from "../feature";
import { importsRoutes } from "./imports.routes";
import { subscribersImportJob } from "./subscribers-import.job";

export const subscriberImportsFeature = defineFeature({
  name: "subscriber-imports",
  routes: [importsRoutes],
  policy: {
    // Subscribers (an agent's are those of their groups).
    "GET /api/subscribers/imports": "subscribers:import",
    "POST /api/subscribers/imports": "subscribers:import",
    "GET /api/subscribers/imports/:id": "subscribers:import",
    "GET /api/subscribers/imports/:id/preview": "subscribers:import",
    "POST /api/subscribers/imports/:id/start": "subscribers:import",
    "DELETE /api/subscribers/imports/:id": "subscribers:import",
    "GET /api/subscribers/imports/:id/failed-rows": "subscribers:import",
  },
  jobs: [subscribersImportJob],
});
