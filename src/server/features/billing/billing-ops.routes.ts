import { addDays } from "date-fns";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { intIdParams } from "../../../domain/ids";
import { systemActor } from "../../../domain/permissions";
import { type AppContext, actorOf } from "../../http/context";
import { assertOperator } from "../../http/operator";
import { setAccountDisabled } from "./account-state.service";
import { runAutoTopups } from "./auto-topup";
import { runBillingCycle } from "./billing-cycle";

const stateResponse = z.object({
  accountId: z.number(),
  forbiddenReason: z.string().nullable(),
});

/**
 * The operator's account switch (doc 1 §4 reason 'disabled'): POST /ops/accounts/:id/disable and
 * /enable with the OPERATOR_TOKEN bearer (the same as `npm run admin -- disable-account`).
 * Without OPERATOR_TOKEN the routes do not exist. And the billing test clock of a server whose
 * clock is movable (AUTOMATION_CLOCK=movable): the journeys end a trial without waiting 14 days.
 */
export function billingOpsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const token = ctx.config.OPERATOR_TOKEN;
  if (token) {
    for (const action of ["disable", "enable"] as const) {
      r.post(
        `/ops/accounts/:id/${action}`,
        { schema: { hide: true, params: intIdParams, response: { 200: stateResponse } } },
        async (req) => {
          assertOperator(req, token);
          return setAccountDisabled(
            ctx,
            systemActor("operator", req.params.id),
            action === "disable",
          );
        },
      );
    }
  }

  r.post(
    "/api/billing/test-clock",
    {
      schema: {
        tags: ["billing"],
        body: z.object({ days: z.number().int().min(1).max(400) }),
        response: {
          200: z.object({ now: z.string(), trialsEnded: z.number(), renewed: z.number() }),
        },
      },
    },
    async (req) => {
      if (ctx.config.AUTOMATION_CLOCK !== "movable")
        throw new AppError("FORBIDDEN", "The billing clock moves only on a test server");
      const auth = actorOf(req);
      const now = addDays(ctx.clock.now(), req.body.days);
      const counts = await runBillingCycle(ctx, now, { accountId: auth.accountId });
      await runAutoTopups(ctx, now, { accountId: auth.accountId });
      return { now: now.toISOString(), trialsEnded: counts.trialsEnded, renewed: counts.renewed };
    },
  );
}
