import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  apiKeyResponse,
  createApiKeyRequest,
  createdApiKeyResponse,
  listApiKeysResponse,
  listApiRequestsResponse,
} from "../../../domain/api-keys";
import { intIdParams } from "../../../domain/ids";
import { type AppContext, actorOf } from "../../http/context";
import * as keys from "./api-keys.service";

const tags = ["developer"];

/** The developer dashboard's keys (a signed-in person's; the keys themselves call /api/v1). */
export function apiKeysRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/api-keys", { schema: { tags, response: { 200: listApiKeysResponse } } }, (req) =>
    keys.listKeys(ctx, actorOf(req)),
  );
  r.post(
    "/api/api-keys",
    { schema: { tags, body: createApiKeyRequest, response: { 201: createdApiKeyResponse } } },
    async (req, reply) => reply.status(201).send(await keys.createKey(ctx, actorOf(req), req.body)),
  );
  r.delete(
    "/api/api-keys/:id",
    { schema: { tags, params: intIdParams, response: { 200: apiKeyResponse } } },
    (req) => keys.revokeKey(ctx, actorOf(req), req.params.id),
  );
  r.get(
    "/api/api-keys/:id/requests",
    { schema: { tags, params: intIdParams, response: { 200: listApiRequestsResponse } } },
    (req) => keys.listRequests(ctx, actorOf(req), req.params.id),
  );
}
