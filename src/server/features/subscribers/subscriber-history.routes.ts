import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bigIdParams as idParams } from "../../../domain/ids";
import {
  consentHistoryResponse,
  membershipsQuery,
  membershipsResponse,
  subscriberMessagesQuery,
  subscriberMessagesResponse,
} from "../../../domain/subscriber-history.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as history from "./subscriber-history.service";

const tags = ["subscribers"];

/** Read-only views around subscribers: consent log, messages, groups of a table page. */
export function subscriberHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/subscribers/memberships",
    {
      schema: { tags, querystring: membershipsQuery, response: { 200: membershipsResponse } },
    },
    (req) => history.groupsOfMany(ctx, actorOf(req), req.query.ids),
  );
  r.get(
    "/api/subscribers/:id/consent-history",
    {
      schema: { tags, params: idParams, response: { 200: consentHistoryResponse } },
    },
    (req) => history.consentHistory(ctx, actorOf(req), req.params.id),
  );
  r.get(
    "/api/subscribers/:id/messages",
    {
      schema: {
        tags,
        params: idParams,
        querystring: subscriberMessagesQuery,
        response: { 200: subscriberMessagesResponse },
      },
    },
    (req) => history.messages(ctx, actorOf(req), req.params.id, req.query),
  );
}
