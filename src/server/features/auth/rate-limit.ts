import { AUTH_TEXT } from "../../../domain/auth.schemas";
import { AppError } from "../../../domain/errors";
import type { AppContext } from "../../http/context";

/**
 * Per client address, per minute (AUTH_RATE_LIMIT): forgot password, reset, invites, two-factor
 * codes. Over it: 429 with Retry-After and the words a person can act on.
 */
export function authRateLimit(ctx: AppContext, max = ctx.config.AUTH_RATE_LIMIT) {
  return {
    max,
    timeWindow: "1 minute",
    errorResponseBuilder: () => new AppError("RATE_LIMITED", AUTH_TEXT.tooMany),
  };
}
