import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../domain/errors";
import { resolveSession } from "../features/auth/auth.service";
import { isKeyRoute } from "./api-auth";
import type { AppContext } from "./context";

export const SESSION_COOKIE = "parley_session";
/** Sent by our web client on every write; a cross-site form cannot set it (CSRF guard). */
export const CSRF_HEADER = "x-parley-csrf";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Reads the session cookie of /api requests into request.actor and guards writes against CSRF. */
export function registerSession(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest("actor", null);
  app.addHook("onRequest", async (request) => {
    // The public API and MCP take an API key (api-auth.ts), never the cookie: no CSRF there.
    if (!request.url.startsWith("/api/") || isKeyRoute(request.url)) return;
    if (!SAFE_METHODS.has(request.method) && request.headers[CSRF_HEADER] !== "1") {
      throw new AppError("CSRF", "This request was refused: reload the page and try again.");
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.actor = await resolveSession(ctx, token);
  });
}

export const SESSION_ENDED = "Your session has ended. Please log in again.";

/**
 * @deprecated Every /api route's access is in the policy table (src/server/http/policy.ts); this
 * stays only for the carrier emulator's routes, where it repeats what the policy already checked.
 */
export async function requireAuth(request: FastifyRequest) {
  if (!request.actor) throw new AppError("UNAUTHENTICATED", SESSION_ENDED);
}

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  ctx: AppContext,
  token: string,
  expires: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    // Lax, not Strict: a link from an e-mail or another site must land signed in.
    sameSite: "lax",
    secure: isSecure(request, ctx),
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest, ctx: AppContext) {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(request, ctx),
  });
}

function isSecure(request: FastifyRequest, ctx: AppContext): boolean {
  if (ctx.config.COOKIE_SECURE !== "auto") return ctx.config.COOKIE_SECURE === "true";
  return request.protocol === "https";
}
