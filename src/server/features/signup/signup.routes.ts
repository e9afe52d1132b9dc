import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../../domain/errors";
import {
  adminSignupRequest,
  adminSignupResponse,
  SIGNUP_TEXT,
} from "../../../domain/signup.schemas";
import type { AppContext } from "../../http/context";
import { clientOf } from "../auth/device-cookie";
import { authRateLimit } from "../auth/rate-limit";
import { applyOutcome } from "../auth/sign-in.routes";
import { releaseSignupInvite } from "../auth/signup-invites";
import { setChallengeCookie } from "../auth/two-factor.routes";
import { decoyChallenge } from "../auth/two-factor.service";
import { SIGNUP_COOKIE, signupCookie } from "../auth/webinar-sso.routes";
import * as sso from "../auth/webinar-sso.service";
import { admitFromClient, admitSignup, signUpBusiness } from "./signup.service";

/** /admin-signup: a business creates its account (spec doc 1 §2, §9: the 14-day trial). */
export function signupRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/auth/admin-signup",
    {
      schema: { tags: ["auth"], body: adminSignupRequest, response: { 200: adminSignupResponse } },
      // Attempts a minute from one address, as for logins (LOGIN_RATE_LIMIT, 10 by default); the
      // accounts made per address and network are counted by admitFromClient.
      config: { rateLimit: authRateLimit(ctx, ctx.config.LOGIN_RATE_LIMIT) },
    },
    async (req, reply) => {
      // Checked before the invitation is taken: a refused attempt uses up nothing.
      const refused = await admitFromClient(ctx, req.ip);
      if (refused) {
        reply.header("Retry-After", String(refused.retryAfterSeconds));
        throw new AppError("RATE_LIMITED", refused.message);
      }
      const inviteId = await admitSignup(ctx, req.body.invite);
      const client = clientOf(req, reply, ctx, req.body.deviceId);
      // Came through 'Sign Up with Zoom' / 'GoTo': the connection waits under a cookie.
      const ssoToken = req.cookies[SIGNUP_COOKIE];
      const emailVerified = await sso.signupVouchesFor(ctx, ssoToken, req.body.email);
      const created = await signUpBusiness(ctx, { ...req.body, emailVerified }, client).catch(
        async (err) => {
          if (inviteId !== null) await releaseSignupInvite(ctx.db, inviteId);
          throw err;
        },
      );
      if (created.kind === "taken") {
        // No account was made: the invitation stays good for the person it was meant for.
        if (inviteId !== null) await releaseSignupInvite(ctx.db, inviteId);
        // The answer a new account gets, down to its challenge cookie (one that leads nowhere).
        setChallengeCookie(reply, req, ctx, decoyChallenge(ctx));
        return {
          ok: true as const,
          accountName: created.accountName,
          emailVerificationRequired: true,
          message: SIGNUP_TEXT.created,
        };
      }
      const { accountName, outcome } = created;
      if (await sso.attachSignup(ctx, ssoToken, created))
        reply.clearCookie(SIGNUP_COOKIE, signupCookie(req, ctx));
      const flags = applyOutcome(reply, req, ctx, outcome);
      return {
        ok: true as const,
        accountName,
        emailVerificationRequired: flags.emailVerificationRequired,
        message: SIGNUP_TEXT.created,
      };
    },
  );
}
