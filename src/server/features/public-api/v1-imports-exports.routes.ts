import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../../domain/errors";
import {
  createExportRequest,
  listExportsQuery,
  listExportsResponse,
  subscriberExport,
} from "../../../domain/exports.schemas";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_WRONG_TYPE,
  listImportsQuery,
  listImportsResponse,
  startImportRequest,
  subscriberImport,
} from "../../../domain/imports.schemas";
import type { AppContext } from "../../http/context";
import * as exportsService from "../subscriber-exports/exports.service";
import * as imports from "../subscriber-imports/imports.service";
import { uploadKind } from "../subscriber-imports/stored-upload";
import { IDEMPOTENT, keyActorOf, op, v1Link, withExample } from "./v1-route";

const TAG = "subscriber imports and exports";

/**
 * Imports (upload a CSV or .xlsx, then start it with a column mapping) and exports (start, poll,
 * download): the Subscribers screen's jobs, started by the key's actor.
 */
export async function v1ImportsExportsRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 5 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/v1/subscribers/imports",
      {
        schema: {
          ...op(
            "uploadSubscriberImport",
            "Upload a CSV or Excel file to import",
            TAG,
            `multipart/form-data with one file. Nothing is imported yet: start it with \`POST /api/v1/subscribers/imports/{id}/start\` and a column mapping. ${IDEMPOTENT}`,
          ),
          consumes: ["multipart/form-data"],
          response: { 201: subscriberImport },
        },
      },
      async (req, reply) => {
        const file = await req.file();
        if (!file) throw new AppError("BAD_REQUEST", "Choose a CSV or Excel file to import.");
        const kind = uploadKind(file.filename, file.mimetype);
        if (!kind) {
          file.file.resume();
          throw new AppError("BAD_REQUEST", IMPORT_WRONG_TYPE);
        }
        return reply
          .status(201)
          .send(
            v1Link(
              await imports.saveUpload(ctx, keyActorOf(req), file.filename, file.file, kind),
              "failedRowsUrl",
            ),
          );
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/v1/subscribers/imports/:id/start",
    {
      schema: {
        ...op(
          "startSubscriberImport",
          "Start an uploaded import",
          TAG,
          "One mapping entry per column, in order (`number`, `firstName`, `lastName`, `email`, `attribute:<id>` or '' to skip). `attestation: true` states that everyone in the file agreed to texts: it is their recorded consent.",
        ),
        params: idParams,
        body: withExample(startImportRequest, {
          mapping: ["number", "firstName", ""],
          hasHeader: true,
          groupIds: [],
          duplicates: "skip",
          dateFormat: "MDY",
          attestation: true,
        }),
        response: { 200: subscriberImport },
      },
    },
    async (req) =>
      v1Link(
        await imports.startImport(ctx, keyActorOf(req), req.params.id, req.body),
        "failedRowsUrl",
      ),
  );
  r.get(
    "/api/v1/subscribers/imports",
    {
      schema: {
        ...op("listSubscriberImports", "List imports, newest first", TAG),
        querystring: listImportsQuery,
        response: { 200: listImportsResponse },
      },
    },
    async (req) => {
      const page = await imports.listImports(ctx, keyActorOf(req), req.query);
      return { ...page, rows: page.rows.map((row) => v1Link(row, "failedRowsUrl")) };
    },
  );
  r.get(
    "/api/v1/subscribers/imports/:id",
    {
      schema: {
        ...op("getSubscriberImport", "Get an import's status and counts", TAG),
        params: idParams,
        response: { 200: subscriberImport },
      },
    },
    async (req) =>
      v1Link(await imports.getImport(ctx, keyActorOf(req), req.params.id), "failedRowsUrl"),
  );
  r.get(
    "/api/v1/subscribers/imports/:id/failed-rows",
    {
      schema: {
        ...op(
          "downloadSubscriberImportFailures",
          "Download an import's failed rows with a reason each (CSV)",
          TAG,
        ),
        params: idParams,
      },
    },
    async (req, reply) => {
      const file = await imports.failedRowsFile(ctx, keyActorOf(req), req.params.id);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-length", file.size)
        .header("content-disposition", `attachment; filename="${file.name.replace(/"/g, "")}"`)
        .send(file.stream);
    },
  );

  r.post(
    "/api/v1/subscribers/exports",
    {
      schema: {
        ...op(
          "createSubscriberExport",
          "Start a CSV export of subscribers",
          TAG,
          `The selection is the Subscribers screen's (ids, or every subscriber the filter matches). Poll the export until it is finished, then download it. ${IDEMPOTENT}`,
        ),
        body: withExample(createExportRequest, {
          selection: { mode: "all", filter: {}, excludedIds: [] },
        }),
        response: { 201: subscriberExport },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          v1Link(
            await exportsService.createExport(ctx, keyActorOf(req), req.body.selection),
            "downloadUrl",
          ),
        ),
  );
  r.get(
    "/api/v1/subscribers/exports",
    {
      schema: {
        ...op("listSubscriberExports", "List exports, newest first", TAG),
        querystring: listExportsQuery,
        response: { 200: listExportsResponse },
      },
    },
    async (req) => {
      const page = await exportsService.listExports(ctx, keyActorOf(req), req.query);
      return { ...page, rows: page.rows.map((row) => v1Link(row, "downloadUrl")) };
    },
  );
  r.get(
    "/api/v1/subscribers/exports/:id",
    {
      schema: {
        ...op("getSubscriberExport", "Get an export's status", TAG),
        params: idParams,
        response: { 200: subscriberExport },
      },
    },
    async (req) =>
      v1Link(await exportsService.getExport(ctx, keyActorOf(req), req.params.id), "downloadUrl"),
  );
  r.get(
    "/api/v1/subscribers/exports/:id/download",
    {
      schema: {
        ...op("downloadSubscriberExport", "Download a finished export (CSV)", TAG),
        params: idParams,
      },
    },
    async (req, reply) => {
      const file = await exportsService.exportFile(ctx, keyActorOf(req), req.params.id);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-length", file.size)
        .header("content-disposition", `attachment; filename="${file.name.replace(/"/g, "")}"`)
        .send(file.stream);
    },
  );
}
