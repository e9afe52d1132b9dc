import { createReadStream } from "node:fs";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createExportRequest,
  listExportsQuery,
  listExportsResponse,
  subscriberExport,
} from "../../../domain/exports.schemas";
import { intIdParams as idParams } from "../../../domain/ids";
import { type AppContext, authOf } from "../../http/context";
import { requireAuth } from "../../http/session";
import * as exportsService from "./exports.service";

const tags = ["subscriber exports"];

export function exportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/subscribers/exports",
    {
      preHandler: requireAuth,
      schema: { tags, body: createExportRequest, response: { 201: subscriberExport } },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await exportsService.createExport(ctx, authOf(req), req.body.selection)),
  );
  r.get(
    "/api/subscribers/exports",
    {
      preHandler: requireAuth,
      schema: { tags, querystring: listExportsQuery, response: { 200: listExportsResponse } },
    },
    (req) => exportsService.listExports(ctx, authOf(req), req.query),
  );
  r.get(
    "/api/subscribers/exports/:id",
    {
      preHandler: requireAuth,
      schema: { tags, params: idParams, response: { 200: subscriberExport } },
    },
    (req) => exportsService.getExport(ctx, authOf(req), req.params.id),
  );
  r.get(
    "/api/subscribers/exports/:id/download",
    { preHandler: requireAuth, schema: { tags, params: idParams } },
    async (req, reply) => {
      const file = await exportsService.exportFile(ctx, authOf(req), req.params.id);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.name.replace(/"/g, "")}"`)
        .send(createReadStream(file.path));
    },
  );
}
