import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  apiKeyResponse,
  createApiKeyRequest,
  createdApiKeyResponse,
  listApiKeysResponse,
  listApiRequestsResponse,
} from "../../../domain/api-keys";
import { intIdParams as params } from "../../../domain/ids";
import type { AppContext } from "../../http/context";
import * as keys from "../api-keys/api-keys.service";
import { IDEMPOTENT, keyActorOf as key, op } from "./v1-route";

const TAG = "API keys";

/** Developer Home's keys: list, make (within the calling key's own reach), revoke, request log. */
export function v1ApiKeysRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/api-keys",
    {
      schema: {
        ...op("listApiKeys", "List the account's API keys (never the keys themselves)", TAG),
        response: { 200: listApiKeysResponse },
      },
    },
    (req) => keys.listKeys(ctx, key(req)),
  );
  r.post(
    "/api/v1/api-keys",
    {
      schema: {
        ...op(
          "createApiKey",
          "Create an API key with scopes",
          TAG,
          `The answer's \`key\` is shown this once. A key can only give scopes it holds itself and its maker (the person who made the calling key) holds now: anything beyond is 403. The new key acts for the same person. ${IDEMPOTENT}`,
        ),
        body: createApiKeyRequest.meta({
          examples: [{ name: "Reporting dashboard", scopes: ["reports:read", "sends:read"] }],
        }),
        response: { 201: createdApiKeyResponse },
      },
    },
    async (req, reply) => reply.status(201).send(await keys.createKey(ctx, key(req), req.body)),
  );
  r.delete(
    "/api/v1/api-keys/:id",
    {
      schema: {
        ...op(
          "revokeApiKey",
          "Revoke an API key",
          TAG,
          "It stops at once (within seconds on other servers). A key may revoke itself.",
        ),
        params,
        response: { 200: apiKeyResponse },
      },
    },
    (req) => keys.revokeKey(ctx, key(req), req.params.id),
  );
  r.get(
    "/api/v1/api-keys/:id/requests",
    {
      schema: {
        ...op("listApiKeyRequests", "An API key's last 100 requests", TAG),
        params,
        response: { 200: listApiRequestsResponse },
      },
    },
    (req) => keys.listRequests(ctx, key(req), req.params.id),
  );
}
