import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  duplicateResponse,
  nameAvailableQuery,
  nameAvailableResponse,
  testRunRequest,
  testRunResponse,
  workflowDetail,
  workflowLayout,
} from "../../../domain/workflows.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as workflows from "./workflows.service";

const tags = ["workflows"];

/**
 * What the workflow screens need beyond /api/automations (which saves, pauses, reports and
 * deletes every kind): the canvas layout, duplicate, the name check, publish and the test run.
 */
export function workflowsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/workflows/name-available",
    { schema: { tags, querystring: nameAvailableQuery, response: { 200: nameAvailableResponse } } },
    async (req) => ({
      available: await workflows.nameAvailable(
        ctx,
        actorOf(req),
        req.query.name,
        req.query.excludeId,
      ),
    }),
  );
  r.get(
    "/api/workflows/:id",
    { schema: { tags, params: idParams, response: { 200: workflowDetail } } },
    (req) => workflows.getWorkflow(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/workflows/:id/layout",
    { schema: { tags, params: idParams, body: workflowLayout, response: { 200: workflowDetail } } },
    (req) => workflows.saveLayout(ctx, actorOf(req), req.params.id, req.body),
  );
  r.post(
    "/api/workflows/:id/duplicate",
    { schema: { tags, params: idParams, response: { 201: duplicateResponse } } },
    async (req, reply) =>
      reply.status(201).send(await workflows.duplicateWorkflow(ctx, actorOf(req), req.params.id)),
  );
  r.post(
    "/api/workflows/:id/publish",
    { schema: { tags, params: idParams, response: { 200: workflowDetail } } },
    (req) => workflows.publishWorkflow(ctx, actorOf(req), req.params.id),
  );
  r.post(
    "/api/workflows/:id/test-run",
    {
      schema: { tags, params: idParams, body: testRunRequest, response: { 200: testRunResponse } },
    },
    (req) => workflows.testRun(ctx, actorOf(req), req.params.id, req.body.phone),
  );
}
