import { defineFeature, PUBLIC } from "../feature";
import { authRoutes } from "./auth.routes";
import { sessionsPurgeJob } from "./sessions-purge.job";

export const authFeature = defineFeature({
  name: "auth",
  routes: [authRoutes],
  // The child's people's own sign-in.
  notWhileActing: [
    "POST /api/auth/two-factor/app",
    "POST /api/auth/two-factor/sms",
    "POST /api/auth/two-factor/confirm",
    "POST /api/auth/two-factor/disable",
  ],
  policy: {
    // Sign-in, sign-up and the links that come by e-mail or text.
    "POST /api/auth/login": PUBLIC,
    "POST /api/auth/logout": PUBLIC,
    "GET /api/auth/check": PUBLIC,
    "GET /api/auth/providers": PUBLIC,
    "GET /api/auth/oauth/:provider/start": PUBLIC,
    "GET /api/auth/oauth/:provider/callback": PUBLIC,
    "GET /api/auth/sso": PUBLIC,
    "GET /api/auth/sso/:provider/start": PUBLIC,
    // Finishes both a sign-in through Zoom / GoTo and an account connecting it (the state says
    // which; connecting also checks the same person is still signed in).
    "GET /api/auth/sso/:provider/callback": PUBLIC,
    "GET /api/auth/sso/signup": PUBLIC,
    "POST /api/auth/forgot-password": PUBLIC,
    "GET /api/auth/forgot-password/mail": PUBLIC,
    "POST /api/auth/reset-password": PUBLIC,
    "POST /api/auth/activate": PUBLIC,
    "GET /api/auth/verify-email": PUBLIC,
    "GET /api/auth/verify-device": PUBLIC,
    "POST /api/auth/verification-email/resend": PUBLIC,
    "POST /api/auth/magic-link": PUBLIC,
    "POST /api/auth/magic-token": PUBLIC,
    // Signed in, or in the middle of a sign-in (a challenge cookie): the service tells which.
    "GET /api/auth/phone-verification": PUBLIC,
    "POST /api/auth/phone-verification/send": PUBLIC,
    "POST /api/auth/phone-verification/verify": PUBLIC,
    "GET /api/auth/tfa": PUBLIC,
    "POST /api/auth/tfa/sms": PUBLIC,
    "POST /api/auth/tfa/validate": PUBLIC,
    "GET /api/deeplinks/:id/uri": PUBLIC,

    // One's own things.
    "GET /api/auth/two-factor": "self",
    "POST /api/auth/two-factor/app": "self",
    "POST /api/auth/two-factor/sms": "self",
    "POST /api/auth/two-factor/confirm": "self",
    "POST /api/auth/two-factor/disable": "self",
    "GET /api/deeplinks": "self",
    "POST /api/deeplinks": "self",
    "DELETE /api/deeplinks/:id": "self",

    // Account.
    // Billing: the owner only (doc 1 §6).
    "GET /api/auth/sign-in-policy": "billing",
    "PUT /api/auth/sign-in-policy": "billing",
  },
  jobs: [sessionsPurgeJob],
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/auth/login":
      "signing in changes nothing of the account's; sessions and new devices are on the security screen",
    "POST /api/auth/logout": "ends the caller's own session",
    "POST /api/auth/forgot-password":
      "a visitor asks for a reset e-mail; nothing changes until the link is used",
    "POST /api/auth/reset-password":
      "public (no session): its service records the reset under the person's name",
    "POST /api/auth/activate": "public: a new person confirms their own e-mail",
    "POST /api/auth/verification-email/resend": "sends an e-mail again; changes nothing",
    "POST /api/auth/magic-link": "a visitor asks for a sign-in link; changes nothing",
    "POST /api/auth/magic-token": "signing in with a link",
    "POST /api/auth/phone-verification/send": "part of signing in: sends a code",
    "POST /api/auth/phone-verification/verify": "part of signing in: checks a code",
    "POST /api/auth/tfa/sms": "part of signing in: sends a code",
    "POST /api/auth/tfa/validate": "part of signing in: checks a code",
    "POST /api/auth/two-factor/app":
      "starts enrolment only; turning it on (confirm) is recorded by its service",
    "POST /api/auth/two-factor/sms":
      "starts enrolment only; turning it on (confirm) is recorded by its service",
  },
});
