import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { API_KEY_TEXT } from "../../../domain/api-keys";
import { AppError } from "../../../domain/errors";
import type { AppContext } from "../../http/context";
import { mcpChallenge } from "./mcp-oauth.routes";
import { buildMcpServer } from "./mcp-tools";

const doc = {
  tags: ["MCP"],
  security: [{ apiKey: [] }],
  description:
    "Authenticate with an API key, or with an OAuth 2.1 access token (metadata at /.well-known/oauth-authorization-server).",
};

/**
 * The MCP server (Streamable HTTP, stateless: a server per request, nothing kept between them,
 * so any web process answers). Authenticated by an API key like /api/v1 (api-auth.ts); the
 * policy row is PUBLIC because the key, not the session, is checked here.
 */
export function mcpRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    "/api/mcp",
    {
      schema: {
        ...doc,
        operationId: "mcp",
        summary: "MCP endpoint (JSON-RPC over Streamable HTTP)",
        body: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
      },
    },
    async (req, reply) => {
      const caller = req.apiCaller;
      if (!caller) {
        reply.header("WWW-Authenticate", mcpChallenge(ctx, req));
        throw new AppError("UNAUTHENTICATED", API_KEY_TEXT.missing);
      }
      const server = buildMcpServer(ctx, caller.actor);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.hijack();
      reply.raw.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req.raw, reply.raw, req.body);
    },
  );
  // Stateless: no server-initiated stream and no session to end.
  for (const method of ["GET", "DELETE"] as const) {
    app.route({
      method,
      url: "/api/mcp",
      schema: { ...doc, summary: "Not used by this stateless MCP server (405)" },
      handler: async (_req, reply) =>
        reply
          .status(405)
          .header("allow", "POST")
          .send({ error: { code: "BAD_REQUEST", message: "Use POST for MCP requests." } }),
    });
  }
}
