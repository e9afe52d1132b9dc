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
import { type AppContext, actorOf } from "../../http/context";
import * as unhealthy from "./unhealthy.service";

const tags = ["unhealthy subscribers"];

export function unhealthySubscribersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/unhealthy-subscribers",
    {
      schema: { tags, querystring: listUnhealthyQuery, response: { 200: listUnhealthyResponse } },
    },
    (req) => unhealthy.listUnhealthy(ctx, actorOf(req), req.query),
  );
  r.post(
    "/api/unhealthy-subscribers/clean-up",
    {
      schema: { tags, body: cleanUpRequest, response: { 200: cleanUpResponse } },
    },
    (req) => unhealthy.cleanUp(ctx, actorOf(req), req.body),
  );
  r.post(
    "/api/unhealthy-subscribers/line-check",
    {
      schema: { tags, body: lineCheckRequest, response: { 200: lineCheckResponse } },
    },
    (req) => unhealthy.lineCheck(ctx, actorOf(req), req.body),
  );
}
