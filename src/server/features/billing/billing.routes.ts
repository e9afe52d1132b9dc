import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGE_BUNDLES, PLANS } from "../../../domain/billing";
import {
  autoTopupInput,
  billingSummary,
  bundlePurchaseConfirmed,
  bundleResponse,
  CANCEL_REASONS,
  cancelFlowEvent,
  cardInput,
  cardSetupComplete,
  cardSetupResponse,
  confirmedAmount,
  invoiceRow,
  paymentConfirmation,
  planResponse,
  portalSession,
  referralRow,
  referralSummary,
} from "../../../domain/billing.schemas";
import { intIdParams } from "../../../domain/ids";
import { type AppContext, actorOf } from "../../http/context";
import { saveAutoTopup } from "./auto-topup";
import * as q from "./billing.queries";
import * as billing from "./billing.service";
import { invoicePdf } from "./invoice-pdf";
import * as referrals from "./referrals.service";
import * as stripeBilling from "./stripe-billing.service";

export const planId = z.enum(PLANS.map((p) => p.id) as [string, ...string[]], {
  message: "Choose a plan.",
});

/** Billing of spec doc 1 §2 (summary, subscription, payment method, payment history). */
export function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["billing"];
  const summary = { 200: billingSummary };

  r.get("/api/billing/summary", { schema: { tags, response: summary } }, (req) =>
    billing.getSummary(ctx, actorOf(req).accountId),
  );
  r.get(
    "/api/billing/plans",
    { schema: { tags, response: { 200: z.object({ rows: z.array(planResponse) }) } } },
    () => ({ rows: PLANS.map((p) => ({ ...p, retentionOnly: p.retentionOnly === true })) }),
  );
  r.put(
    "/api/billing/payment-method",
    { schema: { tags, body: cardInput, response: summary } },
    (req) => billing.saveCard(ctx, actorOf(req), req.body),
  );
  // Stripe: the card is entered in Stripe's Payment Element against a SetupIntent, then Stripe
  // is asked what it saved. No card number comes here.
  r.post(
    "/api/billing/payment-method/setup",
    { schema: { tags, response: { 200: cardSetupResponse } } },
    (req) => stripeBilling.startCardSetup(ctx, actorOf(req)),
  );
  r.post(
    "/api/billing/payment-method/setup/complete",
    { schema: { tags, body: cardSetupComplete, response: summary } },
    (req) => stripeBilling.completeCardSetup(ctx, actorOf(req), req.body.setupIntentId),
  );
  // A payment the bank asked the customer to authenticate, confirmed with Stripe.js.
  r.post(
    "/api/billing/payments/:id/confirmation",
    { schema: { tags, params: intIdParams, response: { 200: paymentConfirmation } } },
    (req) => stripeBilling.paymentConfirmation(ctx, actorOf(req), req.params.id),
  );
  r.post(
    "/api/billing/payments/:id/sync",
    { schema: { tags, params: intIdParams, response: summary } },
    (req) => stripeBilling.syncPayment(ctx, actorOf(req), req.params.id),
  );
  // Test payments: the authentication a payment waits for, completed or failed by the customer.
  r.post(
    "/api/billing/payments/:id/test-authentication",
    {
      schema: {
        tags,
        params: intIdParams,
        body: z.object({
          complete: z.boolean({ message: "Complete or fail the authentication." }),
        }),
        response: summary,
      },
    },
    (req) => billing.answerTestAuthentication(ctx, actorOf(req), req.params.id, req.body.complete),
  );
  r.post("/api/billing/portal", { schema: { tags, response: { 200: portalSession } } }, (req) =>
    stripeBilling.portalSession(ctx, actorOf(req)),
  );
  // amountCents: what the confirmation showed; a different amount charges nothing (409).
  r.post(
    "/api/billing/upgrade",
    {
      schema: { tags, body: z.object({ planId, amountCents: confirmedAmount }), response: summary },
    },
    (req) => billing.upgrade(ctx, actorOf(req), req.body.planId, undefined, req.body.amountCents),
  );
  r.post(
    "/api/billing/reactivate",
    {
      schema: {
        tags,
        // No amount when nothing is charged (reactivated inside the paid period); one that
        // charges without it is refused (400).
        body: z.object({ planId: planId.nullable(), amountCents: confirmedAmount.optional() }),
        response: summary,
      },
    },
    (req) =>
      billing.reactivate(
        ctx,
        actorOf(req),
        req.body.planId ?? undefined,
        undefined,
        req.body.amountCents ?? null,
      ),
  );
  r.post(
    "/api/billing/cancel",
    {
      schema: {
        tags,
        body: z.object({ reason: z.enum(CANCEL_REASONS, { message: "Choose a reason." }) }),
        response: summary,
      },
    },
    (req) => billing.cancel(ctx, actorOf(req), req.body.reason),
  );
  r.post(
    "/api/billing/pause",
    { schema: { tags, body: z.object({ confirm: z.literal(true) }), response: summary } },
    (req) => billing.pause(ctx, actorOf(req)),
  );
  r.put(
    "/api/billing/auto-renew",
    { schema: { tags, body: z.object({ on: z.boolean() }), response: summary } },
    (req) => billing.setAutoRenew(ctx, actorOf(req), req.body.on),
  );
  r.put(
    "/api/billing/auto-topup",
    { schema: { tags, body: autoTopupInput, response: summary } },
    async (req) => {
      await saveAutoTopup(ctx, actorOf(req), req.body);
      return billing.getSummary(ctx, actorOf(req).accountId);
    },
  );
  r.get(
    "/api/billing/bundles",
    { schema: { tags, response: { 200: z.object({ rows: z.array(bundleResponse) }) } } },
    () => ({ rows: MESSAGE_BUNDLES.map((b) => ({ qty: b.qty, priceCents: b.priceCents })) }),
  );
  r.post(
    "/api/billing/bundles/purchase",
    {
      schema: {
        tags,
        body: bundlePurchaseConfirmed,
        response: { 200: z.object({ message: z.string(), summary: billingSummary }) },
      },
    },
    (req) => billing.buyBundle(ctx, actorOf(req), req.body.qty, undefined, req.body.amountCents),
  );
  r.post(
    "/api/billing/addons/keyword-pack/release",
    { schema: { tags, response: summary } },
    (req) => billing.releaseKeywordPack(ctx, actorOf(req)),
  );
  r.post(
    "/api/billing/cancel-flow",
    {
      schema: { tags, body: cancelFlowEvent, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    (req) => billing.recordCancelFlow(ctx, actorOf(req), req.body.stage, req.body.reason ?? null),
  );
  r.get("/api/billing/referrals", { schema: { tags, response: { 200: referralSummary } } }, (req) =>
    referrals.referralSummary(ctx, actorOf(req)),
  );
  r.get(
    "/api/billing/referrals/list",
    { schema: { tags, response: { 200: z.object({ rows: z.array(referralRow) }) } } },
    (req) => referrals.listReferrals(ctx, actorOf(req)),
  );
  r.get(
    "/api/billing/invoices",
    { schema: { tags, response: { 200: z.object({ rows: z.array(invoiceRow) }) } } },
    (req) => billing.history(ctx, actorOf(req)),
  );
  r.get(
    "/api/billing/invoices/:id",
    { schema: { tags, params: intIdParams, response: { 200: invoiceRow } } },
    (req) => billing.invoice(ctx, actorOf(req), req.params.id),
  );
  r.get(
    "/api/billing/invoices/:id/pdf",
    { schema: { tags, params: intIdParams } },
    async (req, reply) => {
      const auth = actorOf(req);
      const invoice = await billing.invoice(ctx, auth, req.params.id);
      const account = await q.accountBasics(ctx.db.$client, auth.accountId);
      const pdf = await invoicePdf(invoice, {
        businessName: account?.businessName ?? "",
        email: account?.email ?? "",
      });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${invoice.number}.pdf"`)
        .send(pdf);
    },
  );
}
