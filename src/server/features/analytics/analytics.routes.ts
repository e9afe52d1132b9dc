import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  analyticsQuery,
  analyticsResponse,
  cohortResponse,
} from "../../../domain/analytics.schemas";
import {
  failedNumbersCleanUp,
  failedNumbersCleanUpResult,
  failedNumbersQuery,
  failedNumbersRetry,
  failedNumbersRetryResult,
  failedNumbersSummary,
} from "../../../domain/failed-numbers.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as analytics from "./analytics.service";
import * as failed from "./failed-numbers.service";

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
  // The failed-by-error view: who is behind a code, then retry them or clean them.
  r.get(
    "/api/analytics/failures/numbers",
    {
      schema: { tags, querystring: failedNumbersQuery, response: { 200: failedNumbersSummary } },
    },
    (req) => failed.failedNumbersSummary(ctx, actorOf(req), req.query),
  );
  r.post(
    "/api/analytics/failures/retry",
    {
      schema: { tags, body: failedNumbersRetry, response: { 200: failedNumbersRetryResult } },
    },
    (req) => failed.retryFailedNumbers(ctx, actorOf(req), req.body),
  );
  r.post(
    "/api/analytics/failures/clean-up",
    {
      schema: { tags, body: failedNumbersCleanUp, response: { 200: failedNumbersCleanUpResult } },
    },
    (req) => failed.cleanFailedNumbers(ctx, actorOf(req), req.body),
  );
}
