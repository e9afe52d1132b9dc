import { defineFeature } from "../feature";
import { apiKeysRoutes } from "./api-keys.routes";

export const apiKeysFeature = defineFeature({
  name: "api-keys",
  routes: [apiKeysRoutes],
  // A key outlives leaving the account.
  notWhileActing: ["POST /api/api-keys"],
  policy: {
    // The developer dashboard: API keys and their request log (a person's session).
    "GET /api/api-keys": "developer:manage",
    "POST /api/api-keys": "developer:manage",
    "DELETE /api/api-keys/:id": "developer:manage",
    "GET /api/api-keys/:id/requests": "developer:manage",
  },
});
