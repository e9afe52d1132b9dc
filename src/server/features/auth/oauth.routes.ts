import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { providersResponse } from "../../../domain/sign-in.schemas";
import type { AppContext } from "../../http/context";
import { clientOf } from "./device-cookie";
import * as oauth from "./oauth.service";
import { authRateLimit } from "./rate-limit";
import { applyOutcome } from "./sign-in.routes";
import { pathOf } from "./sign-in.service";

const tags = ["auth"];
/** This browser's half of the state (httpOnly, 10 minutes, only sent to the callback). */
const STATE_COOKIE = "parley_oauth";
const providerParams = z.object({ provider: z.string().max(20) });

function stateCookieOptions(request: FastifyRequest, ctx: AppContext, expires?: Date) {
  const secure =
    ctx.config.COOKIE_SECURE === "auto"
      ? request.protocol === "https"
      : ctx.config.COOKIE_SECURE === "true";
  return { path: "/api/auth/oauth", httpOnly: true, sameSite: "lax" as const, secure, expires };
}

/**
 * 'Continue With Google' / 'Continue With Facebook' (spec doc 3 §4: browser redirects to backend
 * paths): the OpenID Connect authorization-code flow with PKCE, through openid-client.
 */
export function oauthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/auth/providers", { schema: { tags, response: { 200: providersResponse } } }, () => ({
    ...oauth.configuredProviders(ctx.config),
    signup: ctx.config.signup,
  }));

  r.get(
    "/api/auth/oauth/:provider/start",
    {
      schema: { tags, params: providerParams },
      config: { rateLimit: authRateLimit(ctx, ctx.config.LOGIN_RATE_LIMIT) },
    },
    async (req, reply) => {
      const { provider } = req.params;
      if (!oauth.isProvider(provider)) return reply.redirect("/auth/login?ssoError=1");
      try {
        const started = await oauth.startAuthorization(ctx, provider);
        if (!started) return reply.redirect(`/auth/login?ssoError=not_configured&src=${provider}`);
        reply.setCookie(
          STATE_COOKIE,
          started.state,
          stateCookieOptions(req, ctx, started.expiresAt),
        );
        return reply.redirect(started.url);
      } catch (err) {
        req.log.warn({ err, provider }, "the sign-in provider could not be reached");
        return reply.redirect(`/auth/login?ssoError=1&src=${provider}`);
      }
    },
  );

  r.get(
    "/api/auth/oauth/:provider/callback",
    {
      schema: { tags, params: providerParams },
      config: { rateLimit: authRateLimit(ctx, ctx.config.LOGIN_RATE_LIMIT) },
    },
    async (req, reply) => {
      const { provider } = req.params;
      if (!oauth.isProvider(provider)) return reply.redirect("/auth/login?ssoError=1");
      // A provider this server has no client for says so, rather than "couldn't sign you in".
      if (!oauth.configuredProviders(ctx.config)[provider])
        return reply.redirect(`/auth/login?ssoError=not_configured&src=${provider}`);
      const query = new URLSearchParams(req.url.split("?")[1] ?? "");
      const cookieState = req.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, stateCookieOptions(req, ctx));
      const result = await oauth.finishAuthorization(
        ctx,
        provider,
        { query, cookieState },
        clientOf(req, reply, ctx),
        req.log,
      );
      switch (result.kind) {
        case "error":
          return reply.redirect(`/auth/login?ssoError=1&src=${provider}`);
        case "not_connected":
          return reply.redirect(`/auth/login?emailFound=1&src=${provider}`);
        case "no_account":
          return reply.redirect(`/auth/login?emailFound=0&src=${provider}`);
        case "signed_in":
          applyOutcome(reply, req, ctx, result.outcome);
          return reply.redirect(pathOf(result.outcome));
      }
    },
  );
}
