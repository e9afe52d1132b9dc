import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { brandRegistration, brandRequest, campaignRequest } from "../../../domain/numbers.schemas";
import { type AppContext, authOf } from "../../http/context";
import { requireOwner } from "../../http/session";
import * as registration from "./registration.service";

export function registrationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["registration"];
  r.get(
    "/api/brand-registration",
    { preHandler: requireOwner, schema: { tags, response: { 200: brandRegistration } } },
    (req) => registration.getRegistration(ctx, authOf(req)),
  );
  r.put(
    "/api/brand-registration/brand",
    {
      preHandler: requireOwner,
      schema: { tags, body: brandRequest, response: { 200: brandRegistration } },
    },
    (req) => registration.submitBrand(ctx, authOf(req), req.body),
  );
  r.put(
    "/api/brand-registration/campaign",
    {
      preHandler: requireOwner,
      schema: { tags, body: campaignRequest, response: { 200: brandRegistration } },
    },
    (req) => registration.submitCampaign(ctx, authOf(req), req.body),
  );
}
