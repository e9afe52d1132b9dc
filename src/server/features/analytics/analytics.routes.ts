import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  analyticsQuery,
  analyticsResponse,
  cohortResponse,
} from "../../../domain/analytics.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as analytics from "./analytics.service";

const tags = ["analytics"];

/** /analytics and /advanced-analytics. */
export function analyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/analytics",
    { schema: { tags, querystring: analyticsQuery, response: { 200: analyticsResponse } } },
    (req) => analytics.analytics(ctx, actorOf(req), req.query),
  );
  r.get("/api/analytics/cohorts", { schema: { tags, response: { 200: cohortResponse } } }, (req) =>
    analytics.cohortRetention(ctx, actorOf(req)),
  );
}
