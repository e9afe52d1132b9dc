import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  checkTokenResponse,
  type LoginResponse,
  loginRequest,
  loginResponse,
} from "../../../domain/auth.schemas";
import { AppError } from "../../../domain/errors";
import type { AppContext } from "../../http/context";
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from "../../http/session";
import * as auth from "./auth.service";
import { passwordResetRoutes } from "./password-reset.routes";
import { startSession } from "./sessions.service";
import { DEVICE_COOKIE, setChallengeCookie, twoFactorRoutes } from "./two-factor.routes";
import * as tfa from "./two-factor.service";

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/login",
    {
      schema: { tags: ["auth"], body: loginRequest, response: { 200: loginResponse } },
      config: {
        rateLimit: {
          max: ctx.config.LOGIN_RATE_LIMIT,
          timeWindow: "1 minute",
          errorResponseBuilder: () => new AppError("RATE_LIMITED", TOO_MANY),
        },
      },
    },
    async (request, reply) => {
      const flags: LoginResponse = {
        ok: true,
        emailVerificationRequired: false,
        phoneVerificationRequired: false,
        deviceVerificationRequired: false,
      };
      const user = await auth.checkCredentials(ctx, request.body);
      const method =
        user.twoFactorMethod === "app" || user.twoFactorMethod === "sms"
          ? user.twoFactorMethod
          : null;
      // Two-factor on and this device not remembered: no session until the code is right.
      if (method && !(await tfa.isRememberedDevice(ctx, user.id, request.cookies[DEVICE_COOKIE]))) {
        setChallengeCookie(reply, request, ctx, await tfa.startChallenge(ctx, user));
        const challenged: LoginResponse = {
          ...flags,
          twoFactorRequired: true,
          twoFactorMethod: method,
        };
        return challenged;
      }
      const { token, expiresAt } = await startSession(ctx, user, {
        userAgent: request.headers["user-agent"] ?? null,
        previousToken: request.cookies[SESSION_COOKIE],
      });
      setSessionCookie(reply, request, ctx, token, expiresAt);
      return flags;
    },
  );

  r.post(
    "/api/auth/logout",
    { schema: { tags: ["auth"], response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      await auth.logout(ctx, request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, request, ctx);
      return { ok: true as const };
    },
  );

  // checkToken: the web asks every 5 minutes whether its session is still alive.
  r.get(
    "/api/auth/check",
    { schema: { tags: ["auth"], response: { 200: checkTokenResponse } } },
    async (request) => ({ valid: request.auth !== null }),
  );

  passwordResetRoutes(app, ctx);
  twoFactorRoutes(app, ctx);
}
