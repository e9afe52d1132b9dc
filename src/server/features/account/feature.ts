import { defineFeature } from "../feature";
import { accountRoutes } from "./account.routes";
import { accountOpsRoutes } from "./account-ops.routes";
import { accountProfileRoutes } from "./account-profile";

export const accountFeature = defineFeature({
  name: "account",
  routes: [accountRoutes, accountProfileRoutes, accountOpsRoutes],
  policy: {
    // One's own things.
    "GET /api/account/me": "self",
    "PUT /api/account/me/locale": "self",

    // Account.
    "GET /api/account/profile": "account:read",
    "PUT /api/account/profile": "settings:write",
  },
});
