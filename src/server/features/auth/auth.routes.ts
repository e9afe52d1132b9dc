import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkTokenResponse, loginRequest, loginResponse } from "../../../domain/auth.schemas";
import { AppError } from "../../../domain/errors";
import type { AppContext } from "../../http/context";
import { clearSessionCookie, SESSION_COOKIE } from "../../http/session";
import * as auth from "./auth.service";
import { deeplinkRoutes } from "./deeplinks.routes";
import { clientOf } from "./device-cookie";
import { oauthRoutes } from "./oauth.routes";
import { passwordResetRoutes } from "./password-reset.routes";
import { applyOutcome, signInRoutes } from "./sign-in.routes";
import { continueSignIn } from "./sign-in.service";
import { twoFactorRoutes } from "./two-factor.routes";
import { webinarSsoRoutes } from "./webinar-sso.routes";

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
      const user = await auth.checkCredentials(ctx, request.body);
      // E-mail, phone and device verification, then two-factor (spec doc 3 §4): the first the
      // user still owes is the next step, with no session until every one is done.
      const client = clientOf(request, reply, ctx, request.body.deviceId);
      return applyOutcome(reply, request, ctx, await continueSignIn(ctx, user, client));
    },
  );

  r.post(
    "/api/auth/logout",
    {
      schema: {
        tags: ["auth"],
        response: {
          200: z.object({ ok: z.literal(true), returnedToParent: z.boolean().optional() }),
        },
      },
    },
    async (request, reply) => {
      const { returnedToParent } = await auth.logout(ctx, request.cookies[SESSION_COOKIE]);
      // Out of a managed account: the same session goes on in the parent account.
      if (returnedToParent) return { ok: true as const, returnedToParent };
      clearSessionCookie(reply, request, ctx);
      return { ok: true as const };
    },
  );

  // checkToken: the web asks every 5 minutes whether its session is still alive.
  r.get(
    "/api/auth/check",
    { schema: { tags: ["auth"], response: { 200: checkTokenResponse } } },
    async (request) => ({ valid: request.actor !== null }),
  );

  passwordResetRoutes(app, ctx);
  twoFactorRoutes(app, ctx);
  signInRoutes(app, ctx);
  oauthRoutes(app, ctx);
  webinarSsoRoutes(app, ctx);
  deeplinkRoutes(app, ctx);
}
