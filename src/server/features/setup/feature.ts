import { defineFeature, PUBLIC } from "../feature";
import { setupRoutes } from "./setup.routes";

export const setupFeature = defineFeature({
  name: "setup",
  routes: [setupRoutes],
  policy: {
    // The link printed at start is the credential: no session exists on a fresh install.
    "GET /api/setup/:token": PUBLIC,
    "POST /api/setup/:token": PUBLIC,
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/setup/:token":
      "public: the first owner's setup, recorded by its service (account.create)",
  },
});
