import { createHash, randomBytes } from "node:crypto";
import { grantableScopes, permissionsOfScopes } from "../../../domain/api-keys";
import { AppError } from "../../../domain/errors";
import { assertNotActing } from "../../../domain/managed-accounts";
import {
  ACCESS_TOKEN_SECONDS,
  type AuthorizeRequest,
  CODE_SECONDS,
  OAUTH_TEXT,
  parseScope,
  REFRESH_TOKEN_DAYS,
  SCOPE_LABEL,
} from "../../../domain/mcp-oauth";
import { keyActor } from "../../../domain/permissions";
import type { AppContext, UserActor } from "../../http/context";
import type { ApiCaller } from "../api-keys/api-keys.service";
import { rightsOf } from "../users/users.service";
import * as q from "./mcp-oauth.queries";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const token = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;
export const ACCESS_PREFIX = "mcp_at_";

/** An error in OAuth's own shape (RFC 6749 §5.2), which MCP clients parse. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

function allowedRedirect(uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const u = new URL(uri);
  if (u.hash) return false;
  if (u.protocol === "https:") return true;
  // OAuth 2.1: plain http only back to the person's own machine (native and CLI clients).
  return u.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);
}

/** RFC 7591 dynamic client registration (public clients, PKCE, no secret). */
export async function registerClient(
  ctx: AppContext,
  body: { redirect_uris?: unknown; client_name?: unknown },
) {
  const uris = Array.isArray(body.redirect_uris) ? body.redirect_uris : [];
  if (
    uris.length === 0 ||
    uris.length > 10 ||
    !uris.every((u) => typeof u === "string" && u.length <= 2000 && allowedRedirect(u))
  ) {
    throw new OAuthError(
      "invalid_redirect_uri",
      "redirect_uris must be https addresses (or http on localhost).",
    );
  }
  const name = typeof body.client_name === "string" ? body.client_name.slice(0, 100) : "";
  const clientId = `mcp_client_${randomBytes(16).toString("hex")}`;
  const row = await q.insertClient(ctx.db, {
    clientId,
    clientName: name,
    redirectUris: uris as string[],
  });
  return {
    client_id: row!.clientId,
    client_id_issued_at: Math.floor(row!.createdAt.getTime() / 1000),
    client_name: row!.clientName,
    redirect_uris: row!.redirectUris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}

async function clientFor(ctx: AppContext, req: Pick<AuthorizeRequest, "clientId" | "redirectUri">) {
  const client = await q.findClient(ctx.db, req.clientId);
  if (!client) throw new AppError("VALIDATION", OAUTH_TEXT.unknownClient);
  if (!client.redirectUris.includes(req.redirectUri))
    throw new AppError("VALIDATION", OAUTH_TEXT.badRedirect);
  return client;
}

/** What the consent page shows: who asks, where it returns, and what the person can give. */
export async function authorizeInfo(ctx: AppContext, auth: UserActor, req: AuthorizeRequest) {
  const client = await clientFor(ctx, req);
  return {
    clientName: client.clientName || "An MCP client",
    redirectHost: new URL(req.redirectUri).host,
    scopes: grantableScopes(auth, parseScope(req.scope)).map((scope) => ({
      scope,
      label: SCOPE_LABEL(scope),
    })),
  };
}

/** The person's answer: a one-time code (PKCE-bound) back to the client, or access_denied. */
export async function decide(
  ctx: AppContext,
  auth: UserActor,
  req: AuthorizeRequest & { approve: boolean; scopes: string[] },
) {
  await clientFor(ctx, req);
  const back = new URL(req.redirectUri);
  if (req.state) back.searchParams.set("state", req.state);
  if (!req.approve) {
    back.searchParams.set("error", "access_denied");
    return { redirectTo: back.toString() };
  }
  // An app's grant made while acting in a managed account would outlive leaving it.
  assertNotActing(auth);
  const asked = grantableScopes(auth, parseScope(req.scope));
  const scopes = asked.filter((s) => req.scopes.includes(s));
  if (scopes.length === 0) throw new AppError("VALIDATION", OAUTH_TEXT.noScopes);
  const code = token("mcp_code_");
  await q.insertCode(ctx.db, {
    codeHash: sha(code),
    clientId: req.clientId,
    accountId: auth.accountId,
    userId: auth.userId,
    redirectUri: req.redirectUri,
    codeChallenge: req.codeChallenge,
    scopes,
    resource: req.resource || null,
    expiresAt: new Date(ctx.clock.now().getTime() + CODE_SECONDS * 1000),
  });
  back.searchParams.set("code", code);
  return { redirectTo: back.toString() };
}

async function issue(
  ctx: AppContext,
  grant: { clientId: string; accountId: number; userId: number; scopes: string[] },
) {
  const access = token(ACCESS_PREFIX);
  const refresh = token("mcp_rt_");
  await q.insertToken(ctx.db, {
    ...grant,
    accessHash: sha(access),
    refreshHash: sha(refresh),
    accessExpiresAt: new Date(ctx.clock.now().getTime() + ACCESS_TOKEN_SECONDS * 1000),
    refreshExpiresAt: new Date(ctx.clock.now().getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
  });
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token: refresh,
    scope: grant.scopes.join(" "),
  };
}

/** The token endpoint: authorization_code (with the PKCE verifier) or refresh_token (rotated). */
export async function exchange(ctx: AppContext, form: Record<string, unknown>) {
  const str = (k: string) => (typeof form[k] === "string" ? (form[k] as string) : "");
  const clientId = str("client_id");
  if (str("grant_type") === "authorization_code") {
    const code = await q.takeCode(ctx.db, sha(str("code")));
    const verifier = str("code_verifier");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (
      !code ||
      code.expiresAt.getTime() < ctx.clock.now().getTime() ||
      code.clientId !== clientId ||
      code.redirectUri !== str("redirect_uri") ||
      !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) ||
      challenge !== code.codeChallenge
    ) {
      throw new OAuthError("invalid_grant", "The code is invalid, used, expired or not yours.");
    }
    return issue(ctx, {
      clientId,
      accountId: code.accountId,
      userId: code.userId,
      scopes: code.scopes,
    });
  }
  if (str("grant_type") === "refresh_token") {
    const old = await q.revokeRefreshToken(
      ctx.db,
      sha(str("refresh_token")),
      clientId,
      ctx.clock.now(),
    );
    if (!old) throw new OAuthError("invalid_grant", "The refresh token is invalid or expired.");
    return issue(ctx, {
      clientId,
      accountId: old.accountId,
      userId: old.userId,
      scopes: old.scopes,
    });
  }
  throw new OAuthError("unsupported_grant_type", "Use authorization_code or refresh_token.");
}

/**
 * An OAuth access token as the caller of /api/mcp: the person who approved it as they are now,
 * with the scopes they gave narrowed to what they may still do, and their Agent groups and
 * restricted numbers narrowing the data, as on their screens.
 */
export async function authenticateOAuthToken(
  ctx: AppContext,
  accessToken: string,
): Promise<ApiCaller | null> {
  if (!accessToken.startsWith(ACCESS_PREFIX) || accessToken.length > 200) return null;
  const row = await q.liveAccessToken(ctx.db, sha(accessToken));
  if (!row) return null;
  const person = await rightsOf(ctx, row.accountId, row.userId);
  if (!person) return null;
  return {
    // Negative: not an API key (no request-log rows, its own rate-limit window).
    keyId: -row.id,
    keyName: `OAuth: ${row.clientName || "MCP client"}`,
    accountId: row.accountId,
    actor: keyActor(row.accountId, person, permissionsOfScopes(row.scopes)),
  };
}

/** The person's signed-in MCP clients (the /mcp page), newest first. */
export async function listGrants(ctx: AppContext, auth: UserActor) {
  const rows = await q.liveGrants(ctx.db, auth.accountId, auth.userId);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      clientName: r.clientName || "MCP client",
      scopes: r.scopes,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Signs a client out at once: its access and refresh tokens stop working. */
export async function revokeGrant(ctx: AppContext, auth: UserActor, id: number) {
  const rows = await q.revokeGrantRow(ctx.db, auth.accountId, auth.userId, id, ctx.clock.now());
  if (rows.length === 0)
    throw new AppError("NOT_FOUND", "That connected application was not found.");
}
