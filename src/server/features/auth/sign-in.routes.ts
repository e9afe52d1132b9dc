import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { diffFields } from "../../../domain/audit";
import { forgotPasswordResponse, type LoginResponse } from "../../../domain/auth.schemas";
import { AppError } from "../../../domain/errors";
import { assertNotActing } from "../../../domain/managed-accounts";
import {
  magicLinkRequest,
  magicTokenRequest,
  magicTokenResponse,
  phoneVerificationStatus,
  SIGN_IN_TEXT,
  sendPhoneCodeRequest,
  signInPolicy,
  verifyPhoneRequest,
  verifyPhoneResponse,
} from "../../../domain/sign-in.schemas";
import { type AppContext, actorOf } from "../../http/context";
import { setSessionCookie } from "../../http/session";
import { recordAuditOfChanges } from "../audit/audit.service";
import { challengeTokenOf, clientOf } from "./device-cookie";
import * as magic from "./magic-link.service";
import * as phone from "./phone-verification.service";
import { authRateLimit } from "./rate-limit";
import * as q from "./sign-in.queries";
import {
  flagsOf,
  openVerificationLink,
  pathOf,
  resendVerificationLink,
  type SignInOutcome,
} from "./sign-in.service";
import { CHALLENGE_COOKIE, cookieOptions, setChallengeCookie } from "./two-factor.routes";

const tags = ["auth"];

/** Sets the cookies of a sign-in outcome: the session, or the challenge of the next step. */
export function applyOutcome(
  reply: FastifyReply,
  request: FastifyRequest,
  ctx: AppContext,
  outcome: SignInOutcome,
): LoginResponse {
  if (outcome.kind === "session") {
    reply.clearCookie(CHALLENGE_COOKIE, cookieOptions(request, ctx));
    setSessionCookie(reply, request, ctx, outcome.session.token, outcome.session.expiresAt);
  } else {
    setChallengeCookie(reply, request, ctx, outcome.challenge);
  }
  return flagsOf(outcome);
}

const tokenQuery = z.object({ token: z.string().max(200).default("") });

/**
 * The steps of the login sequence after the password (spec doc 3 §4, §7): e-mail and device
 * links, phone verification (signed in, or the public variant during a sign-in), magic links,
 * and the account owner's sign-in checks.
 */
export function signInRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // --- E-mail and device verification links -------------------------------------------------
  for (const [path, kind, invalidFlag] of [
    ["/api/auth/verify-email", "verify_email", "email_token_invalid"],
    ["/api/auth/verify-device", "verify_device", "device_token_invalid"],
  ] as const) {
    r.get(
      path,
      { schema: { tags, querystring: tokenQuery }, config: { rateLimit: authRateLimit(ctx, 30) } },
      async (req, reply) => {
        const result = await openVerificationLink(
          ctx,
          kind,
          req.query.token,
          clientOf(req, reply, ctx),
          challengeTokenOf(req),
        );
        switch (result.kind) {
          case "invalid":
            return reply.redirect(`/auth/login?${invalidFlag}=1`);
          case "incorrect_device":
            return reply.redirect("/auth/login?incorrect_device=1");
          case "verified":
            return reply.redirect(
              `/auth/login?${kind === "verify_email" ? "email_verified" : "device_verified"}=1`,
            );
          case "continue":
            applyOutcome(reply, req, ctx, result.outcome);
            return reply.redirect(pathOf(result.outcome));
        }
      },
    );
  }

  r.post(
    "/api/auth/verification-email/resend",
    {
      schema: { tags, response: { 200: forgotPasswordResponse } },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (req, reply) => {
      const sent = await resendVerificationLink(
        ctx,
        challengeTokenOf(req),
        clientOf(req, reply, ctx),
      );
      if (sent === "none") throw new AppError("UNAUTHENTICATED", SIGN_IN_TEXT.signInTimedOut);
      if (sent === "limit")
        throw new AppError(
          "RATE_LIMITED",
          "We have sent this link 5 times. Please check your spam folder, or log in again later.",
        );
      return { ok: true as const, message: "We sent you a new link. Check your e-mail." };
    },
  );

  // --- Magic links ----------------------------------------------------------------------------
  r.post(
    "/api/auth/magic-link",
    {
      schema: { tags, body: magicLinkRequest, response: { 200: forgotPasswordResponse } },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (req) => {
      await magic.requestMagicLink(ctx, req.body.email, req.log);
      return { ok: true as const, message: magic.magicLinkMessage(req.body.email) };
    },
  );

  r.post(
    "/api/auth/magic-token",
    {
      schema: { tags, body: magicTokenRequest, response: { 200: magicTokenResponse } },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (req, reply) => {
      const outcome = await magic.useMagicToken(ctx, req.body.token, clientOf(req, reply, ctx));
      if (!outcome)
        return {
          ok: true as const,
          isValid: false,
          emailVerificationRequired: false,
          phoneVerificationRequired: false,
          deviceVerificationRequired: false,
        };
      return { ...applyOutcome(reply, req, ctx, outcome), isValid: true };
    },
  );

  // --- Phone verification ---------------------------------------------------------------------
  const callerOf = (req: FastifyRequest): phone.PhoneCaller =>
    req.actor
      ? { kind: "session", userId: req.actor.userId }
      : { kind: "challenge", token: challengeTokenOf(req) };
  /** Setting a phone is a sign-in detail: not for a parent acting in a managed account. */
  const changerOf = (req: FastifyRequest): phone.PhoneCaller => {
    if (req.actor) assertNotActing(req.actor);
    return callerOf(req);
  };

  r.get(
    "/api/auth/phone-verification",
    { schema: { tags, response: { 200: phoneVerificationStatus } } },
    (req) => phone.phoneStatus(ctx, callerOf(req)),
  );

  r.post(
    "/api/auth/phone-verification/send",
    {
      schema: {
        tags,
        body: sendPhoneCodeRequest,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (req) => {
      await phone.sendPhoneCode(ctx, changerOf(req), req.body.phone);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/phone-verification/verify",
    {
      schema: { tags, body: verifyPhoneRequest, response: { 200: verifyPhoneResponse } },
      config: { rateLimit: authRateLimit(ctx, ctx.config.AUTH_RATE_LIMIT * 2) },
    },
    async (req, reply) => {
      const caller = changerOf(req);
      const outcome = await phone.verifyPhone(
        ctx,
        caller,
        { phone: req.body.phoneNumber, code: req.body.verificationCode },
        clientOf(req, reply, ctx),
      );
      const flags: LoginResponse = outcome
        ? applyOutcome(reply, req, ctx, outcome)
        : {
            ok: true,
            emailVerificationRequired: false,
            phoneVerificationRequired: false,
            deviceVerificationRequired: false,
          };
      return { ...flags, phoneVerified: true as const };
    },
  );

  // --- The account's sign-in checks (owner) ----------------------------------------------------
  r.get("/api/auth/sign-in-policy", { schema: { tags, response: { 200: signInPolicy } } }, (req) =>
    q.readPolicy(ctx.db, actorOf(req).accountId),
  );

  r.put(
    "/api/auth/sign-in-policy",
    {
      schema: { tags, body: signInPolicy, response: { 200: signInPolicy } },
    },
    async (req, reply) => {
      const auth = actorOf(req);
      if (req.body.requirePhoneVerification && !(await q.hasActiveNumber(ctx.db, auth.accountId)))
        throw new AppError(
          "CONFLICT",
          "This account has no active number to text verification codes from. Add a number first.",
        );
      // The owner turning device checks on is not locked out of the browser they use now.
      if (req.body.verifyNewDevices) {
        const client = clientOf(req, reply, ctx);
        await q.rememberDevice(ctx.db, auth.userId, client.deviceId, client.userAgent);
      }
      const before = await q.readPolicy(ctx.db, auth.accountId);
      await q.writePolicy(ctx.db, auth.accountId, req.body);
      const after = await q.readPolicy(ctx.db, auth.accountId);
      const changes = diffFields(before, after);
      await recordAuditOfChanges(ctx, auth, {
        action: "settings.security",
        target: { type: "account", id: auth.accountId, label: "Sign-in checks" },
        changes,
      });
      return after;
    },
  );
}
