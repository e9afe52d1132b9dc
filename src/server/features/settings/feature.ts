import { defineFeature } from "../feature";
import { settingsRoutes } from "./settings.routes";

export const settingsFeature = defineFeature({
  name: "settings",
  routes: [settingsRoutes],
  policy: {
    // One's own things.
    "GET /api/user/settings/:name": "self",
    "PUT /api/user/settings/:name": "self",

    // Account.
    "GET /api/account/settings/:name": "account:read",
    "GET /api/global-settings/:name": "account:read",
    // Display preferences (page sizes, the tour) are anyone's; the service asks settings:write
    // for the rest.
    "PUT /api/account/settings/:name": "account:read",
  },
});
