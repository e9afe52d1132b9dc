import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../../domain/errors";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_WRONG_TYPE,
  importPreview,
  listImportsQuery,
  listImportsResponse,
  startImportRequest,
  subscriberImport,
} from "../../../domain/imports.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as imports from "./imports.service";
import { uploadKind } from "./stored-upload";

const tags = ["subscriber imports"];
/** A million rows with a few columns is well under this. */
const MAX_FILE_BYTES = IMPORT_MAX_FILE_BYTES;

export async function importsRoutes(app: FastifyInstance, ctx: AppContext) {
  // Multipart only inside this scope: the rest of the API stays JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/subscribers/imports",
      {
        schema: { tags, consumes: ["multipart/form-data"], response: { 201: subscriberImport } },
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
          .send(await imports.saveUpload(ctx, actorOf(req), file.filename, file.file, kind));
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/subscribers/imports/:id/start",
    {
      schema: {
        tags,
        params: idParams,
        body: startImportRequest,
        response: { 200: subscriberImport },
      },
    },
    (req) => imports.startImport(ctx, actorOf(req), req.params.id, req.body),
  );
  r.get(
    "/api/subscribers/imports",
    {
      schema: { tags, querystring: listImportsQuery, response: { 200: listImportsResponse } },
    },
    (req) => imports.listImports(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/subscribers/imports/:id",
    {
      schema: { tags, params: idParams, response: { 200: subscriberImport } },
    },
    (req) => imports.getImport(ctx, actorOf(req), req.params.id),
  );
  r.get(
    "/api/subscribers/imports/:id/preview",
    {
      schema: { tags, params: idParams, response: { 200: importPreview } },
    },
    (req) => imports.previewImport(ctx, actorOf(req), req.params.id),
  );
  r.delete(
    "/api/subscribers/imports/:id",
    { schema: { tags, params: idParams } },
    async (req, reply) => {
      await imports.discardImport(ctx, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.get(
    "/api/subscribers/imports/:id/failed-rows",
    { schema: { tags, params: idParams } },
    async (req, reply) => {
      const file = await imports.failedRowsFile(ctx, actorOf(req), req.params.id);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-length", file.size)
        .header("content-disposition", `attachment; filename="${file.name.replace(/"/g, "")}"`)
        .send(file.stream);
    },
  );
}
