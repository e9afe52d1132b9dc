import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  cleanUpRequest,
  cleanUpResponse,
  lineCheckRequest,
  lineCheckResponse,
  listUnhealthyQuery,
  listUnhealthyResponse,
} from "../../../domain/unhealthy-subscribers.schemas";
import { type AppContext, authOf } from "../../http/context";
import { requireAuth } from "../../http/session";
import * as unhealthy from "./unhealthy.service";

const tags = ["unhealthy subscribers"];

export function unhealthySubscribersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/unhealthy-subscribers",
    {
      preHandler: requireAuth,
      schema: { tags, querystring: listUnhealthyQuery, response: { 200: listUnhealthyResponse } },
    },
    (req) => unhealthy.listUnhealthy(ctx, authOf(req), req.query),
  );
  r.post(
    "/api/unhealthy-subscribers/clean-up",
    {
      preHandler: requireAuth,
      schema: { tags, body: cleanUpRequest, response: { 200: cleanUpResponse } },
    },
    (req) => unhealthy.cleanUp(ctx, authOf(req), req.body),
  );
  r.post(
    "/api/unhealthy-subscribers/line-check",
    {
      preHandler: requireAuth,
      schema: { tags, body: lineCheckRequest, response: { 200: lineCheckResponse } },
    },
    (req) => unhealthy.lineCheck(ctx, authOf(req), req.body),
  );
}
