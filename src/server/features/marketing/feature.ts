import { defineFeature, PUBLIC } from "../feature";
import { marketingRoutes } from "./marketing.routes";

export const marketingFeature = defineFeature({
  name: "marketing",
  routes: [marketingRoutes],
  policy: {
    // Marketing tools (issue 18): programs and reports; the counter page and the friend's page are
    // public (the counter link carries the program's secret token).
    "GET /api/marketing/programs": "reports:read",
    "POST /api/marketing/programs": "sends:write",
    "GET /api/marketing/programs/:id": "reports:read",
    "PUT /api/marketing/programs/:id": "sends:write",
    "PUT /api/marketing/programs/:id/status": "sends:write",
    "DELETE /api/marketing/programs/:id": "sends:write",
    "GET /api/marketing/programs/:id/report": "reports:read",
    "POST /api/marketing/programs/:id/send": "sends:write",
    "POST /api/marketing/programs/:id/draw": "sends:write",
    "GET /api/public/counter/:token": PUBLIC,
    "GET /api/public/counter/:token/codes/:code": PUBLIC,
    "POST /api/public/counter/:token/codes/:code/redeem": PUBLIC,
    "GET /api/public/referrals/:code": PUBLIC,
    "POST /api/public/referrals/:code": PUBLIC,
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/public/counter/:token/codes/:code/redeem":
      "public: a counter's redemption, in the program's report",
    "POST /api/public/referrals/:code": "public: a visitor's referral, in the program's report",
  },
});
