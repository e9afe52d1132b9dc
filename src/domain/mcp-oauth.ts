import { z } from "zod";
import { API_AREAS, API_SCOPES } from "./api-keys";

/**
 * MCP OAuth 2.1 (the MCP authorization spec): Parley is its own authorization server. A client
 * registers itself (RFC 7591), sends the person to the consent page (/mcp/stytch/oauth, the
 * spec's return route) with PKCE S256, and trades the code for tokens that act as the person,
 * with the API scopes they approved.
 */
export const OAUTH_SCOPES = API_SCOPES;
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 30;
export const CODE_SECONDS = 300;

export const OAUTH_TEXT = {
  unknownClient:
    "This application is not registered with Parley. Start again from the application.",
  badRedirect: "This application's return address does not match its registration.",
  badRequest: "This sign-in request is incomplete. Start again from the application.",
  noScopes: "Choose at least one permission to give.",
} as const;

export function parseScope(scope: string | undefined): string[] {
  const all = (scope ?? "").split(/\s+/).filter((s) => (OAUTH_SCOPES as string[]).includes(s));
  return all.length > 0 ? [...new Set(all)] : API_AREAS.map((a) => `${a.area}:read`);
}

export const SCOPE_LABEL = (scope: string) => {
  const [area, level] = scope.split(":");
  const def = API_AREAS.find((a) => a.area === area);
  return `${level === "write" ? "Read and change" : "Read"} ${def?.label.toLowerCase() ?? area}`;
};

export const authorizeRequest = z.object({
  clientId: z.string().min(1, OAUTH_TEXT.badRequest).max(200),
  redirectUri: z.string().min(1, OAUTH_TEXT.badRequest).max(2000),
  codeChallenge: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, OAUTH_TEXT.badRequest),
  codeChallengeMethod: z.literal("S256", { message: OAUTH_TEXT.badRequest }),
  state: z.string().max(2000).default(""),
  scope: z.string().max(2000).default(""),
  resource: z.string().max(2000).default(""),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequest>;

export const authorizeInfoResponse = z.object({
  clientName: z.string(),
  redirectHost: z.string(),
  scopes: z.array(z.object({ scope: z.string(), label: z.string() })),
});

export const authorizeDecision = authorizeRequest.extend({
  approve: z.boolean(),
  /** The scopes the person left ticked (a subset of what was asked). */
  scopes: z.array(z.string().max(50)).max(50).default([]),
});

export const authorizeDecisionResponse = z.object({ redirectTo: z.string() });

export const listGrantsResponse = z.object({
  rows: z.array(
    z.object({
      id: z.number().int(),
      clientName: z.string(),
      scopes: z.array(z.string()),
      createdAt: z.string(),
    }),
  ),
});
