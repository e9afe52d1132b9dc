import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createCustomFieldRequest,
  customField,
  customFieldYearsResponse,
  listCustomFieldsQuery,
  listCustomFieldsResponse,
  updateCustomFieldRequest,
} from "../../../domain/custom-fields.schemas";
import { intIdParams as idParams } from "../../../domain/ids";
import { type AppContext, actorOf } from "../../http/context";
import * as fields from "./custom-fields.service";

const tags = ["custom fields"];

export function customFieldsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/custom-fields",
    {
      schema: {
        tags,
        querystring: listCustomFieldsQuery,
        response: { 200: listCustomFieldsResponse },
      },
    },
    (req) => fields.listFields(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/custom-fields/:id",
    { schema: { tags, params: idParams, response: { 200: customField } } },
    (req) => fields.getField(ctx, actorOf(req), req.params.id),
  );
  r.get(
    "/api/custom-fields/:id/years",
    {
      schema: { tags, params: idParams, response: { 200: customFieldYearsResponse } },
    },
    (req) => fields.fieldYears(ctx, actorOf(req), req.params.id),
  );
  r.post(
    "/api/custom-fields",
    {
      schema: { tags, body: createCustomFieldRequest, response: { 201: customField } },
    },
    async (req, reply) =>
      reply.status(201).send(await fields.createField(ctx, actorOf(req), req.body)),
  );
  r.patch(
    "/api/custom-fields/:id",
    {
      schema: {
        tags,
        params: idParams,
        body: updateCustomFieldRequest,
        response: { 200: customField },
      },
    },
    (req) => fields.updateField(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete("/api/custom-fields/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await fields.deleteField(ctx, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
}
