import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  appSetupResponse,
  confirmCodeRequest,
  disableTwoFactorRequest,
  hasTfaResponse,
  okResponse,
  smsSetupRequest,
  twoFactorStatus,
  validateTfaRequest,
} from "../../../domain/auth.schemas";
import { type AppContext, actorOf } from "../../http/context";
import { SESSION_COOKIE, setSessionCookie } from "../../http/session";
import { authRateLimit } from "./rate-limit";
import * as tfa from "./two-factor.service";

/** The sign-in step between the password and the session (httpOnly, 10 minutes). */
export const CHALLENGE_COOKIE = "parley_tfa";
/** A device remembered for 30 days skips the code. */
export const DEVICE_COOKIE = "parley_device";

const tags = ["two-factor"];

export function cookieOptions(request: FastifyRequest, ctx: AppContext, expires?: Date) {
  const secure =
    ctx.config.COOKIE_SECURE === "auto"
      ? request.protocol === "https"
      : ctx.config.COOKIE_SECURE === "true";
  return { path: "/api/auth", httpOnly: true, sameSite: "lax" as const, secure, expires };
}

export function setChallengeCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  ctx: AppContext,
  challenge: { token: string; expiresAt: Date },
) {
  reply.setCookie(
    CHALLENGE_COOKIE,
    challenge.token,
    cookieOptions(request, ctx, challenge.expiresAt),
  );
}

/** hasTFA, sendTFASMS, validateTFA (spec doc 1 §7), and the Security page's set-up calls. */
export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/auth/tfa", { schema: { tags, response: { 200: hasTfaResponse } } }, (req) =>
    tfa.hasTfa(ctx, req.cookies[CHALLENGE_COOKIE]),
  );

  r.post(
    "/api/auth/tfa/sms",
    {
      schema: { tags, response: { 200: okResponse } },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (req) => {
      await tfa.sendTfaSms(ctx, req.cookies[CHALLENGE_COOKIE]);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/tfa/validate",
    {
      schema: { tags, body: validateTfaRequest, response: { 200: okResponse } },
      config: { rateLimit: authRateLimit(ctx, ctx.config.AUTH_RATE_LIMIT * 2) },
    },
    async (req, reply) => {
      const { session, device } = await tfa.validateTfa(
        ctx,
        {
          challenge: req.cookies[CHALLENGE_COOKIE],
          code: req.body.token,
          rememberDevice: req.body.rememberDevice,
        },
        {
          userAgent: req.headers["user-agent"] ?? null,
          previousToken: req.cookies[SESSION_COOKIE],
        },
      );
      reply.clearCookie(CHALLENGE_COOKIE, cookieOptions(req, ctx));
      setSessionCookie(reply, req, ctx, session.token, session.expiresAt);
      if (device)
        reply.setCookie(DEVICE_COOKIE, device.token, cookieOptions(req, ctx, device.expiresAt));
      return { ok: true as const };
    },
  );

  // The signed-in user's own two-factor.
  r.get("/api/auth/two-factor", { schema: { tags, response: { 200: twoFactorStatus } } }, (req) =>
    tfa.status(ctx, actorOf(req)),
  );
  r.post(
    "/api/auth/two-factor/app",
    { schema: { tags, response: { 200: appSetupResponse } } },
    (req) => tfa.setupApp(ctx, actorOf(req)),
  );
  r.post(
    "/api/auth/two-factor/sms",
    {
      schema: {
        tags,
        body: smsSetupRequest,
        response: { 200: z.object({ phoneHint: z.string().nullable() }) },
      },
      config: { rateLimit: authRateLimit(ctx) },
    },
    (req) => tfa.setupSms(ctx, actorOf(req), req.body.phone),
  );
  r.post(
    "/api/auth/two-factor/confirm",
    {
      schema: { tags, body: confirmCodeRequest, response: { 200: twoFactorStatus } },
      config: { rateLimit: authRateLimit(ctx, ctx.config.AUTH_RATE_LIMIT * 2) },
    },
    (req) => tfa.confirmSetup(ctx, actorOf(req), req.body.code),
  );
  r.post(
    "/api/auth/two-factor/disable",
    {
      schema: { tags, body: disableTwoFactorRequest, response: { 200: twoFactorStatus } },
      config: { rateLimit: authRateLimit(ctx) },
    },
    (req) => tfa.disable(ctx, actorOf(req), req.body.password),
  );
}
