import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { subscriberExport } from "../../../domain/exports.schemas";
import { assertCan } from "../../../domain/permissions";
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
import * as exportsService from "../subscriber-exports/exports.service";
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
  // The CSVs are exports: started here, written by the export job, listed in Export History.
  r.post(
    "/api/reports/sent-messages/export",
    { schema: { tags, querystring: sentMessagesFilter, response: { 201: subscriberExport } } },
    async (req, reply) => {
      assertCan(actorOf(req), "reports:read");
      return reply
        .status(201)
        .send(await exportsService.startExport(ctx, actorOf(req), "sent-messages", req.query));
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
  r.post(
    "/api/reports/sent-messages/:id/recipients/export",
    {
      schema: {
        tags,
        params: runIdParams,
        querystring: recipientsExportQuery,
        response: { 201: subscriberExport },
      },
    },
    async (req, reply) => {
      const auth = actorOf(req);
      const fileName = await reports.recipientsExportName(ctx, auth, req.params.id);
      const params = { runId: req.params.id, group: req.query.group };
      return reply
        .status(201)
        .send(await exportsService.startExport(ctx, auth, "recipients", params, fileName));
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
