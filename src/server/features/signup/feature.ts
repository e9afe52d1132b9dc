import { defineFeature, PUBLIC } from "../feature";
import { pendingMailRoutes } from "./pending-mail";
import { signupRoutes } from "./signup.routes";

export const signupFeature = defineFeature({
  name: "signup",
  routes: [signupRoutes, pendingMailRoutes],
  policy: {
    // Sign-in, sign-up and the links that come by e-mail or text.
    "POST /api/auth/admin-signup": PUBLIC,
    "GET /api/auth/pending-mail": PUBLIC,
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/auth/admin-signup":
      "public: creates a new account, which has no log before it exists",
  },
});
