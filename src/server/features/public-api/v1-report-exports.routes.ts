import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createReportExportRequest,
  listReportExportsQuery,
  listReportExportsResponse,
  reportExport,
} from "../../../domain/growth-reports.schemas";
import { intIdParams as idParams } from "../../../domain/ids";
import { sentMessagesFilter } from "../../../domain/reports.schemas";
import type { AppContext } from "../../http/context";
import * as exportsService from "../growth-reports/report-exports.service";
import { IDEMPOTENT, keyActorOf as key, op, v1Link, withExample } from "./v1-route";

const TAG = "reports";

/**
 * The Reports screen's CSV exports (subscriber growth, opt-outs, link clicks) and the sent
 * report's (the screen downloads it at once; here it is a job too): start, poll, download.
 */
export function v1ReportExportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/v1/reports/exports",
    {
      schema: {
        ...op(
          "createReportExport",
          "Start a report's CSV export",
          TAG,
          `Written by a background job: poll it until it is finished, then download it. ${IDEMPOTENT}`,
        ),
        body: withExample(createReportExportRequest, {
          report: "opt-outs",
          from: "2026-06-01",
          to: "2026-06-30",
        }),
        response: { 201: reportExport },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          v1Link(await exportsService.createReportExport(ctx, key(req), req.body), "downloadUrl"),
        ),
  );
  r.post(
    "/api/v1/reports/sent-messages/exports",
    {
      schema: {
        ...op(
          "createSentMessagesExport",
          "Start the sent messages report's CSV export",
          TAG,
          `The sent report's rows (each send run with its statuses, clicks and credits) with the screen's filters: days (the account's time zone), text, state. Poll \`GET /reports/exports/{id}\` until it is finished, then download it. ${IDEMPOTENT}`,
        ),
        body: withExample(sentMessagesFilter, {
          from: "2026-06-01",
          to: "2026-06-30",
          query: "sale",
          state: "completed",
        }),
        response: { 201: reportExport },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          v1Link(
            await exportsService.createSentMessagesExport(ctx, key(req), req.body),
            "downloadUrl",
          ),
        ),
  );
  r.get(
    "/api/v1/reports/exports",
    {
      schema: {
        ...op("listReportExports", "List report exports, newest first", TAG),
        querystring: listReportExportsQuery,
        response: { 200: listReportExportsResponse },
      },
    },
    async (req) => {
      const list = await exportsService.listReportExports(ctx, key(req), req.query.report);
      return { rows: list.rows.map((row) => v1Link(row, "downloadUrl")) };
    },
  );
  r.get(
    "/api/v1/reports/exports/:id",
    {
      schema: {
        ...op("getReportExport", "Get a report export's progress", TAG),
        params: idParams,
        response: { 200: reportExport },
      },
    },
    async (req) =>
      v1Link(await exportsService.getReportExport(ctx, key(req), req.params.id), "downloadUrl"),
  );
  r.get(
    "/api/v1/reports/exports/:id/download",
    {
      schema: {
        ...op("downloadReportExport", "Download a finished report export (CSV)", TAG),
        params: idParams,
      },
    },
    async (req, reply) => {
      const file = await exportsService.reportExportFile(ctx, key(req), req.params.id);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-length", file.size)
        .header("content-disposition", `attachment; filename="${file.name.replace(/"/g, "")}"`)
        .send(file.stream);
    },
  );
}
