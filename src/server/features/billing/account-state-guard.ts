import type { FastifyInstance } from "fastify";
import { FORBIDDEN_REASONS } from "../../../domain/account.schemas";
import { BILLING_TEXT } from "../../../domain/billing.schemas";
import { AppError } from "../../../domain/errors";
import type { AppContext } from "../../http/context";
import { forbiddenReasonOf } from "./billing.queries";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What a locked account may still write: resolving the lock (billing), signing in and out, its
 * own notifications and the tour (display preferences).
 */
const ALLOWED_WHILE_LOCKED = [
  "/api/billing/",
  "/api/auth/",
  "/api/notifications",
  "/api/account/settings/onboarding_step",
  "/api/account/settings/display_quantities",
  "/api/user/settings/",
  // The guided tour's progress: the tour leads a locked trial to its upgrade.
  "/api/tour",
];

/**
 * An account with a forbidden reason (trial ended, disabled, card declined or expired, paused,
 * canceled; doc 1 §4) reads everything but writes nothing: each write is refused with the
 * reason code the web maps to its banner and modal (doc 1 §8).
 */
export function registerAccountStateGuard(app: FastifyInstance, ctx: AppContext) {
  app.addHook("preHandler", async (request) => {
    const actor = request.actor;
    if (!actor || SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    if (ALLOWED_WHILE_LOCKED.some((p) => request.url.startsWith(p))) return;
    const reason = await forbiddenReasonOf(ctx.db.$client, actor.accountId);
    if (reason && (FORBIDDEN_REASONS as readonly string[]).includes(reason))
      throw new AppError("ACCOUNT_FORBIDDEN", BILLING_TEXT.forbiddenWrite, { reason });
  });
}
