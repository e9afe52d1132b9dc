import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  availableNumbersQuery,
  availableNumbersResponse,
  buyNumberRequest,
  dedicatedNumber,
  hasValidSendingNumberResponse,
  listNumbersQuery,
  listNumbersResponse,
  renameNumberRequest,
  tollFreeVerificationRequest,
} from "../../../domain/numbers.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as numbers from "./numbers.service";

const tags = ["dedicated numbers"];

export function numbersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/dedicated-numbers",
    {
      schema: { tags, querystring: listNumbersQuery, response: { 200: listNumbersResponse } },
    },
    (req) => numbers.listNumbers(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/dedicated-numbers/has-valid-sending-number",
    { schema: { tags, response: { 200: hasValidSendingNumberResponse } } },
    (req) => numbers.hasValidSendingNumber(ctx, actorOf(req)),
  );
  r.get(
    "/api/dedicated-numbers/available",
    {
      schema: {
        tags,
        querystring: availableNumbersQuery,
        response: { 200: availableNumbersResponse },
      },
    },
    (req) => numbers.searchAvailable(ctx, req.query),
  );
  r.get(
    "/api/dedicated-numbers/:id",
    {
      schema: { tags, params: idParams, response: { 200: dedicatedNumber } },
    },
    (req) => numbers.getNumber(ctx, actorOf(req), req.params.id),
  );
  r.post(
    "/api/dedicated-numbers",
    {
      schema: { tags, body: buyNumberRequest, response: { 201: dedicatedNumber } },
    },
    async (req, reply) =>
      reply.status(201).send(await numbers.buyNumber(ctx, actorOf(req), req.body)),
  );
  r.patch(
    "/api/dedicated-numbers/:id",
    {
      schema: {
        tags,
        params: idParams,
        body: renameNumberRequest,
        response: { 200: dedicatedNumber },
      },
    },
    (req) => numbers.renameNumber(ctx, actorOf(req), req.params.id, req.body.name),
  );
  r.delete(
    "/api/dedicated-numbers/:id",
    { schema: { tags, params: idParams } },
    async (req, reply) => {
      await numbers.releaseNumber(ctx, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.post(
    "/api/dedicated-numbers/:id/toll-free-verification",
    {
      schema: {
        tags,
        params: idParams,
        body: tollFreeVerificationRequest,
        response: { 200: dedicatedNumber },
      },
    },
    (req) => numbers.submitTollFreeVerification(ctx, actorOf(req), req.params.id, req.body),
  );
}
