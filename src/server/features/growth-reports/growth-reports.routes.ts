import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  clicksBySubscriberResponse,
  clicksQuery,
  clickThroughResponse,
  createReportExportRequest,
  listReportExportsQuery,
  listReportExportsResponse,
  optOutReport,
  optOutsQuery,
  reportExport,
  reportRangeQuery,
  subscriberReport,
} from "../../../domain/growth-reports.schemas";
import { intIdParams } from "../../../domain/ids";
import { type AppContext, actorOf } from "../../http/context";
import * as reports from "./growth-reports.service";
import * as exportsService from "./report-exports.service";

const tags = ["reports"];

/** /reports/subscribers, /reports/opt-outs, clicks of link tracking, and their CSV exports. */
export function growthReportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/reports/subscribers",
    { schema: { tags, querystring: reportRangeQuery, response: { 200: subscriberReport } } },
    (req) => reports.subscriberReport(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/reports/opt-outs",
    { schema: { tags, querystring: optOutsQuery, response: { 200: optOutReport } } },
    (req) => reports.optOutReport(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/reports/link-clicks/subscribers",
    { schema: { tags, querystring: clicksQuery, response: { 200: clicksBySubscriberResponse } } },
    (req) => reports.clicksBySubscriber(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/reports/link-clicks/sends",
    { schema: { tags, querystring: reportRangeQuery, response: { 200: clickThroughResponse } } },
    (req) => reports.clickThrough(ctx, actorOf(req), req.query),
  );
  r.post(
    "/api/reports/exports",
    { schema: { tags, body: createReportExportRequest, response: { 201: reportExport } } },
    async (req, reply) =>
      reply.status(201).send(await exportsService.createReportExport(ctx, actorOf(req), req.body)),
  );
  r.get(
    "/api/reports/exports",
    {
      schema: {
        tags,
        querystring: listReportExportsQuery,
        response: { 200: listReportExportsResponse },
      },
    },
    (req) => exportsService.listReportExports(ctx, actorOf(req), req.query.report),
  );
  r.get(
    "/api/reports/exports/:id",
    { schema: { tags, params: intIdParams, response: { 200: reportExport } } },
    (req) => exportsService.getReportExport(ctx, actorOf(req), req.params.id),
  );
  r.get(
    "/api/reports/exports/:id/download",
    { schema: { tags, params: intIdParams } },
    async (req, reply) => {
      const file = await exportsService.reportExportFile(ctx, actorOf(req), req.params.id);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-length", file.size)
        .header("content-disposition", `attachment; filename="${file.name.replace(/"/g, "")}"`)
        .send(file.stream);
    },
  );
}
