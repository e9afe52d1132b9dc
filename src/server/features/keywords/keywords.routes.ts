import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  keywordInput,
  keywordListQuery,
  keywordListResponse,
  keywordPurchaseRequest,
  keywordPurchaseResponse,
  keywordResponse,
  keywordStatsResponse,
  keywordStatusInput,
} from "../../../domain/keywords.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as keywords from "./keywords.service";

const tags = ["keywords"];

export function keywordsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/keywords",
    { schema: { tags, querystring: keywordListQuery, response: { 200: keywordListResponse } } },
    (req) => keywords.listKeywords(ctx, actorOf(req), req.query),
  );
  r.post(
    "/api/keywords",
    { schema: { tags, body: keywordInput, response: { 201: keywordResponse } } },
    async (req, reply) =>
      reply.status(201).send(await keywords.createKeyword(ctx, actorOf(req), req.body)),
  );
  r.post(
    "/api/keywords/purchase",
    { schema: { tags, body: keywordPurchaseRequest, response: { 200: keywordPurchaseResponse } } },
    (req) => keywords.purchaseKeywords(ctx, actorOf(req), req.body?.amountCents),
  );
  r.get(
    "/api/keywords/:id",
    { schema: { tags, params: idParams, response: { 200: keywordResponse } } },
    (req) => keywords.getKeyword(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/keywords/:id",
    { schema: { tags, params: idParams, body: keywordInput, response: { 200: keywordResponse } } },
    (req) => keywords.updateKeyword(ctx, actorOf(req), req.params.id, req.body),
  );
  r.put(
    "/api/keywords/:id/status",
    {
      schema: {
        tags,
        params: idParams,
        body: keywordStatusInput,
        response: { 200: keywordResponse },
      },
    },
    (req) => keywords.setKeywordStatus(ctx, actorOf(req), req.params.id, req.body.status),
  );
  r.get(
    "/api/keywords/:id/stats",
    { schema: { tags, params: idParams, response: { 200: keywordStatsResponse } } },
    (req) => keywords.keywordStats(ctx, actorOf(req), req.params.id),
  );
  r.delete("/api/keywords/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await keywords.deleteKeyword(ctx, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
}
