import { defineFeature, PUBLIC } from "../feature";
import { mcpRoutes } from "./mcp.routes";
import { mcpOAuthRoutes } from "./mcp-oauth.routes";

export const mcpFeature = defineFeature({
  name: "mcp",
  routes: [mcpRoutes, mcpOAuthRoutes],
  // An app's grant outlives leaving the account.
  notWhileActing: ["POST /api/oauth/authorize"],
  policy: {
    // MCP: an API key, checked by the route itself (each tool asks its own permission).
    "POST /api/mcp": PUBLIC,
    "GET /api/mcp": PUBLIC,
    "DELETE /api/mcp": PUBLIC,
    // MCP OAuth 2.1: the consent page's calls (the person approving a client).
    "GET /api/oauth/authorize": "self",
    "POST /api/oauth/authorize": "self",
    "GET /api/oauth/grants": "self",
    "DELETE /api/oauth/grants/:id": "self",
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/mcp":
      "carries reads and writes alike: each write tool records its own row (mcp-tools.ts)",
    "DELETE /api/mcp": "answers 405; changes nothing",
  },
});
