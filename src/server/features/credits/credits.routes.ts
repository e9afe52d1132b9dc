import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppContext, actorOf } from "../../http/context";
import * as credits from "./credits.service";

export const creditsResponse = z.object({
  balance: z.number(),
  internationalBalance: z.number(),
  allowance: z.number(),
  used: z.number(),
  autoTopUp: z.boolean(),
});

export const purchaseBody = z.object({
  qty: z.coerce.number().int().positive(),
  type: z.enum(["sms", "international"], { message: "Choose what to buy." }),
});

export function creditsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/credits",
    { schema: { tags: ["credits"], response: { 200: creditsResponse } } },
    (req) => credits.getCredits(ctx, actorOf(req).accountId),
  );
  r.post(
    "/api/credits/purchase",
    {
      schema: {
        tags: ["credits"],
        body: purchaseBody,
        response: { 200: creditsResponse.extend({ message: z.string() }) },
      },
    },
    (req) => credits.purchaseCredits(ctx, actorOf(req), req.body),
  );
}
