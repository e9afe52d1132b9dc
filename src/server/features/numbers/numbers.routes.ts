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
import { type AppContext, authOf } from "../../http/context";
import { requireAuth, requireOwner } from "../../http/session";
import * as numbers from "./numbers.service";

const tags = ["dedicated numbers"];

export function numbersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/dedicated-numbers",
    {
      preHandler: requireAuth,
      schema: { tags, querystring: listNumbersQuery, response: { 200: listNumbersResponse } },
    },
    (req) => numbers.listNumbers(ctx, authOf(req), req.query),
  );
  r.get(
    "/api/dedicated-numbers/has-valid-sending-number",
    { preHandler: requireAuth, schema: { tags, response: { 200: hasValidSendingNumberResponse } } },
    (req) => numbers.hasValidSendingNumber(ctx, authOf(req)),
  );
  r.get(
    "/api/dedicated-numbers/available",
    {
      preHandler: requireOwner,
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
      preHandler: requireAuth,
      schema: { tags, params: idParams, response: { 200: dedicatedNumber } },
    },
    (req) => numbers.getNumber(ctx, authOf(req), req.params.id),
  );
  r.post(
    "/api/dedicated-numbers",
    {
      preHandler: requireOwner,
      schema: { tags, body: buyNumberRequest, response: { 201: dedicatedNumber } },
    },
    async (req, reply) =>
      reply.status(201).send(await numbers.buyNumber(ctx, authOf(req), req.body)),
  );
  r.patch(
    "/api/dedicated-numbers/:id",
    {
      preHandler: requireOwner,
      schema: {
        tags,
        params: idParams,
        body: renameNumberRequest,
        response: { 200: dedicatedNumber },
      },
    },
    (req) => numbers.renameNumber(ctx, authOf(req), req.params.id, req.body.name),
  );
  r.delete(
    "/api/dedicated-numbers/:id",
    { preHandler: requireOwner, schema: { tags, params: idParams } },
    async (req, reply) => {
      await numbers.releaseNumber(ctx, authOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.post(
    "/api/dedicated-numbers/:id/toll-free-verification",
    {
      preHandler: requireOwner,
      schema: {
        tags,
        params: idParams,
        body: tollFreeVerificationRequest,
        response: { 200: dedicatedNumber },
      },
    },
    (req) => numbers.submitTollFreeVerification(ctx, authOf(req), req.params.id, req.body),
  );
}
