import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createExportRequest,
  listExportsQuery,
  listExportsResponse,
  subscriberExport,
} from "../../../domain/exports.schemas";
import { intIdParams as idParams } from "../../../domain/ids";
import { type AppContext, actorOf } from "../../http/context";
import * as exportsService from "./exports.service";

const tags = ["subscriber exports"];

export function exportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/subscribers/exports",
    {
      schema: { tags, body: createExportRequest, response: { 201: subscriberExport } },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await exportsService.createExport(ctx, actorOf(req), req.body.selection)),
  );
  r.get(
    "/api/subscribers/exports",
    {
      schema: { tags, querystring: listExportsQuery, response: { 200: listExportsResponse } },
    },
    (req) => exportsService.listExports(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/subscribers/exports/:id",
    {
      schema: { tags, params: idParams, response: { 200: subscriberExport } },
    },
    (req) => exportsService.getExport(ctx, actorOf(req), req.params.id),
  );
  r.get(
    "/api/subscribers/exports/:id/download",
    { schema: { tags, params: idParams } },
    async (req, reply) => {
      const file = await exportsService.exportFile(ctx, actorOf(req), req.params.id);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-length", file.size)
        .header("content-disposition", `attachment; filename="${file.name.replace(/"/g, "")}"`)
        .send(file.stream);
    },
  );
}
