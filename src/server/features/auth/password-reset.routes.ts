import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  activateRequest,
  forgotPasswordRequest,
  forgotPasswordResponse,
  okResponse,
  updatePasswordRequest,
} from "../../../domain/auth.schemas";
import type { AppContext } from "../../http/context";
import * as activation from "./activation.service";
import * as reset from "./password-reset.service";
import { authRateLimit } from "./rate-limit";

const tags = ["auth"];

/** Forgot password, the new password from the mailed link, and account activation (spec doc 3). */
export function passwordResetRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/forgot-password",
    {
      schema: { tags, body: forgotPasswordRequest, response: { 200: forgotPasswordResponse } },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (req) => {
      reset.requestPasswordReset(ctx, req.body.email, req.log);
      return { ok: true as const, message: reset.forgotPasswordMessage(req.body.email) };
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
