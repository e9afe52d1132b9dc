import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  activateRequest,
  forgotPasswordRequest,
  forgotPasswordResponse,
  okResponse,
  RESET_LINK_MINUTES,
  updatePasswordRequest,
} from "../../../domain/auth.schemas";
import { keptMailPreview } from "../../../domain/mailbox.schemas";
import type { AppContext } from "../../http/context";
import * as activation from "./activation.service";
import * as reset from "./password-reset.service";
import { authRateLimit } from "./rate-limit";

const tags = ["auth"];
/** The forgot-password request of this browser, for the local-mail preview (see the service). */
const RESET_PREVIEW_COOKIE = "parley_reset_mail";

/** Forgot password, the new password from the mailed link, and account activation (spec doc 3). */
export function passwordResetRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/forgot-password",
    {
      schema: { tags, body: forgotPasswordRequest, response: { 200: forgotPasswordResponse } },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (req, reply) => {
      reset.requestPasswordReset(ctx, req.body.email, req.log);
      if (reset.showsResetMailHere(ctx.config))
        reply.setCookie(RESET_PREVIEW_COOKIE, reset.resetPreviewTicket(ctx, req.body.email), {
          path: "/api/auth/forgot-password",
          httpOnly: true,
          sameSite: "strict",
          secure:
            ctx.config.COOKIE_SECURE === "auto"
              ? req.protocol === "https"
              : ctx.config.COOKIE_SECURE === "true",
          maxAge: RESET_LINK_MINUTES * 60,
        });
      return { ok: true as const, message: reset.forgotPasswordMessage(req.body.email) };
    },
  );

  // The reset mail of this browser's request, when mail is kept on a local install (sign-up
  // shows its verification mail the same way): the person has no mailbox to open it from.
  r.get(
    "/api/auth/forgot-password/mail",
    { schema: { tags, response: { 200: keptMailPreview } } },
    async (req) => {
      if (!reset.showsResetMailHere(ctx.config)) return { local: false, mails: [] };
      const mail = await reset.resetMailPreview(ctx, req.cookies[RESET_PREVIEW_COOKIE]);
      return { local: true, mails: mail ? [mail] : [] };
    },
  );

  r.post(
    "/api/auth/reset-password",
    {
      schema: { tags, body: updatePasswordRequest, response: { 200: okResponse } },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (req) => {
      await reset.resetPassword(ctx, {
        token: req.body.resetPasswordToken,
        newPassword: req.body.newPassword,
      });
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/activate",
    {
      schema: { tags, body: activateRequest, response: { 200: okResponse } },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (req) => {
      await activation.activate(ctx, req.body);
      return { ok: true as const };
    },
  );
}
