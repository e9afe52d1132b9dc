import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import {
  isWebinarProvider,
  ssoServicesResponse,
  ssoSignupResponse,
} from "../../../domain/webinar-connections";
import type { WebinarProvider } from "../../../domain/webinars";
import type { AppContext } from "../../http/context";
import { connectable } from "../webinars/webinar-connections.service";
import { clientOf } from "./device-cookie";
import { authRateLimit } from "./rate-limit";
import { applyOutcome } from "./sign-in.routes";
import { pathOf } from "./sign-in.service";
import * as sso from "./webinar-sso.service";

const tags = ["auth"];
/** This browser's half of the state (httpOnly, 10 minutes, only sent to the callback). */
const STATE_COOKIE = "parley_sso";
/** The sign-up waiting for /admin-signup (httpOnly; read by the prefill and the sign-up). */
export const SIGNUP_COOKIE = "parley_sso_signup";
const serviceParams = z.object({ provider: z.string().max(20) });

function secureOf(request: FastifyRequest, ctx: AppContext) {
  return ctx.config.COOKIE_SECURE === "auto"
    ? request.protocol === "https"
    : ctx.config.COOKIE_SECURE === "true";
}

function stateCookie(request: FastifyRequest, ctx: AppContext, expires?: Date) {
  const secure = secureOf(request, ctx);
  return { path: "/api/auth/sso", httpOnly: true, sameSite: "lax" as const, secure, expires };
}

export function signupCookie(request: FastifyRequest, ctx: AppContext, expires?: Date) {
  const secure = secureOf(request, ctx);
  return { path: "/api/auth", httpOnly: true, sameSite: "lax" as const, secure, expires };
}

/** Redirects the browser to the service's authorization page (connect, or sign in / up). */
export async function redirectToService(
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  provider: WebinarProvider,
  connectFor: Parameters<typeof sso.startAuthorization>[2],
  failed: string,
) {
  try {
    const started = await sso.startAuthorization(ctx, provider, connectFor);
    if (!started) return reply.redirect(failed);
    reply.setCookie(STATE_COOKIE, started.state, stateCookie(req, ctx, started.expiresAt));
    return reply.redirect(started.url);
  } catch (err) {
    req.log.warn({ err, provider }, "the webinar service could not be reached");
    return reply.redirect(failed);
  }
}

/**
 * /zoom and /goto (spec doc 3 §2, §4): 'Sign Up with Zoom' / 'Sign Up with GoTo' redirect here;
 * the services send the browser back to one callback each (register
 * PUBLIC_URL/api/auth/sso/zoom/callback and …/goto/callback), which also finishes connecting
 * from /webinars/import.
 */
export function webinarSsoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: authRateLimit(ctx, ctx.config.LOGIN_RATE_LIMIT) };

  r.get("/api/auth/sso", { schema: { tags, response: { 200: ssoServicesResponse } } }, () => ({
    zoom: connectable(ctx, "zoom"),
    goto: connectable(ctx, "goto"),
  }));

  r.get(
    "/api/auth/sso/:provider/start",
    { schema: { tags, params: serviceParams }, config: limit },
    async (req, reply) => {
      const { provider } = req.params;
      if (!isWebinarProvider(provider)) return reply.redirect("/auth/login?ssoError=1");
      return redirectToService(
        req,
        reply,
        ctx,
        provider,
        null,
        `/auth/login?ssoError=1&src=${provider}`,
      );
    },
  );

  r.get(
    "/api/auth/sso/:provider/callback",
    { schema: { tags, params: serviceParams }, config: limit },
    async (req, reply) => {
      const { provider } = req.params;
      if (!isWebinarProvider(provider)) return reply.redirect("/auth/login?ssoError=1");
      const query = new URLSearchParams(req.url.split("?")[1] ?? "");
      const cookieState = req.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, stateCookie(req, ctx));
      const result = await sso.finishAuthorization(
        ctx,
        provider,
        { query, cookieState, actor: req.actor },
        clientOf(req, reply, ctx),
        req.log,
      );
      switch (result.kind) {
        case "error":
          return reply.redirect(
            result.purpose === "connect"
              ? `/webinars/import?provider=${provider}&connectError=1`
              : `/auth/login?ssoError=1&src=${provider}`,
          );
        case "connected":
          return reply.redirect(`/webinars/import?provider=${provider}&connected=1`);
        case "not_connected":
          return reply.redirect(`/auth/login?emailFound=1&src=${provider}`);
        case "signup":
          reply.setCookie(SIGNUP_COOKIE, result.token, signupCookie(req, ctx, result.expiresAt));
          return reply.redirect(`/admin-signup?sso=${provider}`);
        case "signed_in":
          applyOutcome(reply, req, ctx, result.outcome);
          return reply.redirect(
            result.outcome.kind === "session" ? "/webinars" : pathOf(result.outcome),
          );
      }
    },
  );

  r.get(
    "/api/auth/sso/signup",
    { schema: { tags, response: { 200: ssoSignupResponse } } },
    async (req) => {
      const prefill = await sso.signupPrefill(ctx, req.cookies[SIGNUP_COOKIE]);
      if (!prefill) throw new AppError("NOT_FOUND", "No sign-up through Zoom or GoTo is waiting.");
      return prefill;
    },
  );
}
