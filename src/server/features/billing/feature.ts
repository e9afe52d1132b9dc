import { defineFeature } from "../feature";
import { autoTopupJob } from "./auto-topup.job";
import { billingRoutes } from "./billing.routes";
import { billingCycleJob } from "./billing-cycle.job";
import { billingOpsRoutes } from "./billing-ops.routes";
import { stripeWebhookRoutes } from "./stripe-webhooks.routes";

export const billingFeature = defineFeature({
  name: "billing",
  // /webhooks/stripe is outside /api (Stripe signs it): no policy rule.
  routes: [billingRoutes, billingOpsRoutes, stripeWebhookRoutes],
  policy: {
    // Account.
    // Billing: the owner only (doc 1 §6).
    "GET /api/billing/summary": "billing",
    "GET /api/billing/plans": "billing",
    "PUT /api/billing/payment-method": "billing",
    "POST /api/billing/payment-method/setup": "billing",
    "POST /api/billing/payment-method/setup/complete": "billing",
    "POST /api/billing/payments/:id/confirmation": "billing",
    "POST /api/billing/payments/:id/sync": "billing",
    "POST /api/billing/payments/:id/test-authentication": "billing",
    "POST /api/billing/portal": "billing",
    "POST /api/billing/upgrade": "billing",
    "POST /api/billing/reactivate": "billing",
    "POST /api/billing/cancel": "billing",
    "POST /api/billing/pause": "billing",
    "PUT /api/billing/auto-topup": "billing",
    "GET /api/billing/invoices": "billing",
    "GET /api/billing/invoices/:id": "billing",
    "GET /api/billing/invoices/:id/pdf": "billing",
    "PUT /api/billing/auto-renew": "billing",
    "GET /api/billing/bundles": "billing",
    "POST /api/billing/bundles/purchase": "billing",
    "POST /api/billing/cancel-flow": "billing",
    "POST /api/billing/addons/keyword-pack/release": "billing",
    "GET /api/billing/referrals": "billing",
    "GET /api/billing/referrals/list": "billing",
    "POST /api/billing/test-clock": "billing",
  },
  jobs: [billingCycleJob, autoTopupJob],
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/billing/portal":
      "opens the processor's portal; changes there come back as billing events",
    "POST /api/billing/cancel-flow":
      "a step of the cancellation survey; the cancellation is recorded (billing.cancel)",
    "POST /api/billing/payment-method/setup":
      "prepares a card form; saving the card (complete) is the change",
  },
});
