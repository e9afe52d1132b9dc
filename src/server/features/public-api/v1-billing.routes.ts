import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGE_BUNDLES, PLANS } from "../../../domain/billing";
import {
  autoTopupInput,
  billingSummary,
  bundlePurchaseInput,
  bundleResponse,
  CANCEL_REASONS,
  confirmedAmount,
  planResponse,
  referralRow,
  referralSummary,
} from "../../../domain/billing.schemas";
import { keywordPurchaseRequest, keywordPurchaseResponse } from "../../../domain/keywords.schemas";
import type { AppContext } from "../../http/context";
import { saveAutoTopup } from "../billing/auto-topup";
import { planId } from "../billing/billing.routes";
import * as billing from "../billing/billing.service";
import * as referrals from "../billing/referrals.service";
import { creditsResponse, purchaseBody } from "../credits/credits.routes";
import * as credits from "../credits/credits.service";
import * as keywords from "../keywords/keywords.service";
import { assertActorCan } from "../users/users.service";
import { IDEMPOTENT, keyActorOf, op, withExample } from "./v1-route";

const TAG = "billing";
const PAYS =
  "Needs the `billing:write` scope, which only an Owner can give, and its maker to be the Owner still. Paid with the card on file, as on the Billing screen. With `amountCents` (the amount your client showed and its user confirmed), a different amount due now charges nothing and answers 409.";

/** The amount the client confirmed: optional here (the screens always send it), checked when given. */
const confirmed = { amountCents: confirmedAmount.optional() };

/**
 * The Billing screen's payments and plan changes (and the keyword add-on of the Keywords screen)
 * over the same services. Every one spends money, so the key's maker must hold billing:pay now
 * too: an Owner's key stops paying when its maker steps down.
 */
export function v1BillingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const payer = async (req: FastifyRequest) => {
    const actor = keyActorOf(req);
    await assertActorCan(ctx, actor, "billing:pay");
    return actor;
  };
  const summary = { 200: billingSummary };

  r.get(
    "/api/v1/billing/plans",
    {
      schema: {
        ...op("listPlans", "List the plans an account can move to", TAG),
        response: { 200: z.object({ rows: z.array(planResponse) }) },
      },
    },
    () => ({ rows: PLANS.map((p) => ({ ...p, retentionOnly: p.retentionOnly === true })) }),
  );
  r.get(
    "/api/v1/billing/bundles",
    {
      schema: {
        ...op("listCreditBundles", "List the message credit bundles for sale", TAG),
        response: { 200: z.object({ rows: z.array(bundleResponse) }) },
      },
    },
    () => ({ rows: MESSAGE_BUNDLES.map((b) => ({ qty: b.qty, priceCents: b.priceCents })) }),
  );
  r.post(
    "/api/v1/billing/plan",
    {
      schema: {
        ...op(
          "changePlan",
          "Change the plan (upgrade or downgrade)",
          TAG,
          `Starts a new period at once and charges the plan's price. ${PAYS} ${IDEMPOTENT}`,
        ),
        body: z.object({ planId, ...confirmed }).meta({ examples: [{ planId: "growth" }] }),
        response: summary,
      },
    },
    async (req) =>
      billing.upgrade(ctx, await payer(req), req.body.planId, undefined, req.body.amountCents),
  );
  r.post(
    "/api/v1/billing/reactivate",
    {
      schema: {
        ...op(
          "reactivateSubscription",
          "Reactivate a cancelled, paused or expired subscription",
          TAG,
          `With a plan (or null for the last one). ${PAYS} ${IDEMPOTENT}`,
        ),
        body: z
          .object({ planId: planId.nullable(), ...confirmed })
          .meta({ examples: [{ planId: "starter" }] }),
        response: summary,
      },
    },
    async (req) =>
      billing.reactivate(
        ctx,
        await payer(req),
        req.body.planId ?? undefined,
        undefined,
        req.body.amountCents,
      ),
  );
  r.post(
    "/api/v1/billing/cancel",
    {
      schema: {
        ...op(
          "cancelSubscription",
          "Cancel the subscription at the end of the period",
          TAG,
          `${PAYS} ${IDEMPOTENT}`,
        ),
        body: z
          .object({ reason: z.enum(CANCEL_REASONS, { message: "Choose a reason." }) })
          .meta({ examples: [{ reason: "Too expensive" }] }),
        response: summary,
      },
    },
    async (req) => billing.cancel(ctx, await payer(req), req.body.reason),
  );
  r.post(
    "/api/v1/billing/pause",
    {
      schema: {
        ...op(
          "pauseSubscription",
          "Pause the subscription",
          TAG,
          `Texting stops and the account keeps its subscribers and numbers until it is reactivated (\`POST /billing/reactivate\`). \`confirm\` must be true. ${PAYS} ${IDEMPOTENT}`,
        ),
        body: z.object({ confirm: z.literal(true) }).meta({ examples: [{ confirm: true }] }),
        response: summary,
      },
    },
    async (req) => billing.pause(ctx, await payer(req)),
  );
  r.get(
    "/api/v1/billing/referrals",
    {
      schema: {
        ...op(
          "getReferralProgram",
          "The account's referral link and what its referrals earned",
          TAG,
        ),
        response: { 200: referralSummary },
      },
    },
    (req) => referrals.referralSummary(ctx, keyActorOf(req)),
  );
  r.get(
    "/api/v1/billing/referrals/list",
    {
      schema: {
        ...op("listReferrals", "List the businesses that signed up through the referral link", TAG),
        response: { 200: z.object({ rows: z.array(referralRow) }) },
      },
    },
    (req) => referrals.listReferrals(ctx, keyActorOf(req)),
  );
  r.put(
    "/api/v1/billing/auto-renew",
    {
      schema: {
        ...op("setAutoRenew", "Turn the plan's automatic renewal on or off", TAG, PAYS),
        body: z.object({ on: z.boolean() }).meta({ examples: [{ on: true }] }),
        response: summary,
      },
    },
    async (req) => billing.setAutoRenew(ctx, await payer(req), req.body.on),
  );
  r.put(
    "/api/v1/billing/auto-topup",
    {
      schema: {
        ...op(
          "setAutoTopup",
          "Set auto top-up: buy a bundle when the balance falls below a threshold",
          TAG,
          PAYS,
        ),
        body: withExample(autoTopupInput, { enabled: true, threshold: 100, bundleQty: 500 }),
        response: summary,
      },
    },
    async (req) => {
      const actor = await payer(req);
      await saveAutoTopup(ctx, actor, req.body);
      return billing.getSummary(ctx, actor.accountId);
    },
  );
  r.post(
    "/api/v1/billing/bundles/purchase",
    {
      schema: {
        ...op(
          "buyCreditBundle",
          "Buy a bundle of message credits",
          TAG,
          `One of the bundles of \`GET /billing/bundles\`. ${PAYS} ${IDEMPOTENT}`,
        ),
        body: bundlePurchaseInput.extend(confirmed).meta({ examples: [{ qty: 1000 }] }),
        response: { 200: z.object({ message: z.string(), summary: billingSummary }) },
      },
    },
    async (req) =>
      billing.buyBundle(ctx, await payer(req), req.body.qty, undefined, req.body.amountCents),
  );
  r.post(
    "/api/v1/credits/purchase",
    {
      schema: {
        ...op(
          "buyCredits",
          "Buy a pack of message or international credits",
          TAG,
          `The composer's packs: 500 message credits (\`sms\`) or $20 of international credits (\`international\`, qty 20). ${PAYS} ${IDEMPOTENT}`,
        ),
        body: purchaseBody.extend(confirmed).meta({ examples: [{ qty: 500, type: "sms" }] }),
        response: { 200: creditsResponse.extend({ message: z.string() }) },
      },
    },
    async (req) => credits.purchaseCredits(ctx, await payer(req), req.body),
  );
  r.post(
    "/api/v1/keywords/purchase",
    {
      schema: {
        ...op(
          "buyKeywords",
          "Buy five more keywords (billed monthly with the add-ons)",
          TAG,
          `Answers the account's new keyword limit. ${PAYS} ${IDEMPOTENT}`,
        ),
        body: keywordPurchaseRequest.nullable(),
        response: { 200: keywordPurchaseResponse },
      },
    },
    async (req) => keywords.purchaseKeywords(ctx, await payer(req), req.body?.amountCents),
  );
}
