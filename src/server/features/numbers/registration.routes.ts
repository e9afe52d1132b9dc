import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { brandRegistration, brandRequest, campaignRequest } from "../../../domain/numbers.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as registration from "./registration.service";

export function registrationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["registration"];
  r.get(
    "/api/brand-registration",
    { schema: { tags, response: { 200: brandRegistration } } },
    (req) => registration.getRegistration(ctx, actorOf(req)),
  );
  r.put(
    "/api/brand-registration/brand",
    {
      schema: { tags, body: brandRequest, response: { 200: brandRegistration } },
    },
    (req) => registration.submitBrand(ctx, actorOf(req), req.body),
  );
  r.put(
    "/api/brand-registration/campaign",
    {
      schema: { tags, body: campaignRequest, response: { 200: brandRegistration } },
    },
    (req) => registration.submitCampaign(ctx, actorOf(req), req.body),
  );
}
