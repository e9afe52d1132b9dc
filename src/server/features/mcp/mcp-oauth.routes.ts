import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intIdParams } from "../../../domain/ids";
import {
  authorizeDecision,
  authorizeDecisionResponse,
  authorizeInfoResponse,
  authorizeRequest,
  listGrantsResponse,
  OAUTH_SCOPES,
} from "../../../domain/mcp-oauth";
import { type AppContext, actorOf } from "../../http/context";
import * as oauth from "./mcp-oauth.service";

/**
 * Where clients reach us: PUBLIC_URL when set, else the address the request came to (a client on
 * 127.0.0.1 must see 127.0.0.1 in the metadata, or the SDK refuses the resource).
 */
export function originOf(ctx: AppContext, req: FastifyRequest): string {
  return ctx.config.PUBLIC_URL ? ctx.config.publicBase : `${req.protocol}://${req.host}`;
}

/** The 401 an MCP client reads to find the authorization server (RFC 9728 §5.1). */
export function mcpChallenge(ctx: AppContext, req: FastifyRequest): string {
  return `Bearer realm="parley", resource_metadata="${originOf(ctx, req)}/.well-known/oauth-protected-resource/api/mcp"`;
}

function cors(reply: FastifyReply) {
  reply.header("access-control-allow-origin", "*");
  reply.header("access-control-allow-headers", "authorization, content-type, mcp-protocol-version");
  reply.header("access-control-allow-methods", "GET, POST, OPTIONS");
}

async function oauthAnswer(reply: FastifyReply, run: () => Promise<unknown>, status = 200) {
  cors(reply);
  reply.header("cache-control", "no-store");
  try {
    return reply.status(status).send(await run());
  } catch (err) {
    if (err instanceof oauth.OAuthError)
      return reply
        .status(err.status)
        .send({ error: err.error, error_description: err.description });
    throw err;
  }
}

const hidden = { schema: { hide: true } };

export function mcpOAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const metadata = (req: FastifyRequest) => {
    const origin = originOf(ctx, req);
    return {
      issuer: origin,
      authorization_endpoint: `${origin}/mcp/stytch/oauth`,
      token_endpoint: `${origin}/oauth/token`,
      registration_endpoint: `${origin}/oauth/register`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      scopes_supported: OAUTH_SCOPES,
    };
  };
  const resource = (req: FastifyRequest) => {
    const origin = originOf(ctx, req);
    return {
      resource: `${origin}/api/mcp`,
      authorization_servers: [origin],
      scopes_supported: OAUTH_SCOPES,
      bearer_methods_supported: ["header"],
      resource_name: "Parley",
    };
  };
  for (const url of [
    "/.well-known/oauth-authorization-server",
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-protected-resource/api/mcp",
    "/oauth/register",
    "/oauth/token",
  ]) {
    app.options(url, hidden, async (_req, reply) => {
      cors(reply);
      return reply.status(204).send();
    });
  }
  app.get("/.well-known/oauth-authorization-server", hidden, async (req, reply) => {
    cors(reply);
    return metadata(req);
  });
  for (const url of [
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-protected-resource/api/mcp",
  ]) {
    app.get(url, hidden, async (req, reply) => {
      cors(reply);
      return resource(req);
    });
  }

  // Token and registration take form or JSON bodies (clients differ); their own scope parses forms.
  void app.register(async (scope) => {
    await scope.register(formbody);
    scope.post("/oauth/register", hidden, async (req, reply) =>
      oauthAnswer(
        reply,
        () => oauth.registerClient(ctx, (req.body ?? {}) as Record<string, unknown>),
        201,
      ),
    );
    scope.post("/oauth/token", hidden, async (req, reply) =>
      oauthAnswer(reply, () => oauth.exchange(ctx, (req.body ?? {}) as Record<string, unknown>)),
    );
  });

  // The consent page's calls (the signed-in person).
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/oauth/authorize",
    {
      schema: {
        tags: ["MCP"],
        summary: "What an MCP client asks for (the consent page)",
        querystring: authorizeRequest,
        response: { 200: authorizeInfoResponse },
      },
    },
    async (req) => oauth.authorizeInfo(ctx, actorOf(req), req.query),
  );
  r.post(
    "/api/oauth/authorize",
    {
      schema: {
        tags: ["MCP"],
        summary: "Approve or deny an MCP client (answers where to send the browser)",
        body: authorizeDecision,
        response: { 200: authorizeDecisionResponse },
      },
    },
    async (req) => oauth.decide(ctx, actorOf(req), req.body),
  );
  r.get(
    "/api/oauth/grants",
    {
      schema: {
        tags: ["MCP"],
        summary: "The MCP clients signed in as this person",
        response: { 200: listGrantsResponse },
      },
    },
    async (req) => oauth.listGrants(ctx, actorOf(req)),
  );
  r.delete(
    "/api/oauth/grants/:id",
    { schema: { tags: ["MCP"], summary: "Sign an MCP client out", params: intIdParams } },
    async (req, reply) => {
      await oauth.revokeGrant(ctx, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
