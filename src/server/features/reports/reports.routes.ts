import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  recipientsExportQuery,
  recipientsQuery,
  recipientsResponse,
  runIdParams,
  scheduledQuery,
  scheduledResponse,
  sentMessagesFilter,
  sentMessagesQuery,
  sentMessagesResponse,
  sentRunDetails,
} from "../../../domain/reports.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as reports from "./reports.service";
import * as scheduled from "./scheduled.service";

const tags = ["reports"];

/**
 * The read side of sending: the sent-messages report (runs, their recipients, CSV), the
 * scheduled-messages list.
 */
export function reportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/reports/sent-messages",
    {
      schema: { tags, querystring: sentMessagesQuery, response: { 200: sentMessagesResponse } },
    },
    (req) => reports.listSentMessages(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/reports/sent-messages/export",
    { schema: { tags, querystring: sentMessagesFilter } },
    async (req, reply) => {
      const stream = await reports.sentMessagesCsv(ctx, actorOf(req), req.query);
      const day = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="sent-messages-${day}.csv"`)
        .send(stream);
    },
  );
  r.get(
    "/api/reports/sent-messages/:id",
    {
      schema: { tags, params: runIdParams, response: { 200: sentRunDetails } },
    },
    (req) => reports.sentMessageDetails(ctx, actorOf(req), req.params.id),
  );
  r.get(
    "/api/reports/sent-messages/:id/recipients",
    {
      schema: {
        tags,
        params: runIdParams,
        querystring: recipientsQuery,
        response: { 200: recipientsResponse },
      },
    },
    (req) => reports.recipients(ctx, actorOf(req), req.params.id, req.query),
  );
  r.get(
    "/api/reports/sent-messages/:id/recipients/export",
    {
      schema: { tags, params: runIdParams, querystring: recipientsExportQuery },
    },
    async (req, reply) => {
      const file = await reports.recipientsCsv(ctx, actorOf(req), req.params.id, req.query.group);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
  );
  r.get(
    "/api/sends/scheduled",
    {
      schema: {
        tags: ["sends"],
        querystring: scheduledQuery,
        response: { 200: scheduledResponse },
      },
    },
    (req) => scheduled.listScheduled(ctx, actorOf(req), req.query),
  );
}
