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
import { type AppContext, authOf } from "../../http/context";
import { requireAuth } from "../../http/session";
import { dashboardRoutes } from "../dashboard/dashboard.routes";
import * as reports from "./reports.service";
import * as scheduled from "./scheduled.service";

const tags = ["reports"];

/**
 * The read side of sending: the sent-messages report (runs, their recipients, CSV), the
 * scheduled-messages list and the dashboard.
 */
export function reportsRoutes(app: FastifyInstance, ctx: AppContext) {
  dashboardRoutes(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/reports/sent-messages",
    {
      preHandler: requireAuth,
      schema: { tags, querystring: sentMessagesQuery, response: { 200: sentMessagesResponse } },
    },
    (req) => reports.listSentMessages(ctx, authOf(req), req.query),
  );
  r.get(
    "/api/reports/sent-messages/export",
    { preHandler: requireAuth, schema: { tags, querystring: sentMessagesFilter } },
    async (req, reply) => {
      const stream = await reports.sentMessagesCsv(ctx, authOf(req), req.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="sent-messages-${day}.csv"`)
        .send(stream);
    },
  );
  r.get(
    "/api/reports/sent-messages/:id",
    {
      preHandler: requireAuth,
      schema: { tags, params: runIdParams, response: { 200: sentRunDetails } },
    },
    (req) => reports.sentMessageDetails(ctx, authOf(req), req.params.id),
  );
  r.get(
    "/api/reports/sent-messages/:id/recipients",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        params: runIdParams,
        querystring: recipientsQuery,
        response: { 200: recipientsResponse },
      },
    },
    (req) => reports.recipients(ctx, authOf(req), req.params.id, req.query),
  );
  r.get(
    "/api/reports/sent-messages/:id/recipients/export",
    {
      preHandler: requireAuth,
      schema: { tags, params: runIdParams, querystring: recipientsExportQuery },
    },
    async (req, reply) => {
      const file = await reports.recipientsCsv(ctx, authOf(req), req.params.id, req.query.group);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
  );
  r.get(
    "/api/sends/scheduled",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["sends"],
        querystring: scheduledQuery,
        response: { 200: scheduledResponse },
      },
    },
    (req) => scheduled.listScheduled(ctx, authOf(req), req.query),
  );
}
