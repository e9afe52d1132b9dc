import { AppError } from "../../../domain/errors";
import { type UserActor, userActor } from "../../../domain/permissions";
import { TEXT } from "../../../domain/texts";
import type { AppContext } from "../../http/context";
import { hitRateLimit, peekRateLimit } from "../../http/rate-limit-store";
import { closeChildAccount } from "../managed-accounts/managed-accounts.service";
import { findUserByLogin } from "../users/user-records.service";
import { verifyPassword } from "./password";
import { deleteSession, findLiveSession, sessionIdOf, touchSession } from "./sessions.queries";

const DAY_MS = 86_400_000;

/** Checks the password; the caller decides whether a session opens now or after two-factor. */
const FAILURE_WINDOW_MS = 15 * 60_000;

export async function checkCredentials(
  ctx: AppContext,
  input: { username: string; password: string },
) {
  // Per account as well as per address: guesses spread over many addresses still stop after
  // LOGIN_ACCOUNT_FAILURES wrong passwords in 15 minutes (only failures count).
  const failuresKey = `login-failures|${input.username.trim().toLowerCase()}`;
  if ((await peekRateLimit(ctx.db, failuresKey)) >= ctx.config.LOGIN_ACCOUNT_FAILURES)
    throw new AppError("RATE_LIMITED", TEXT.tooManyForAccount);
  const user = await findUserByLogin(ctx.db, input.username);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await hitRateLimit(ctx.db, failuresKey, FAILURE_WINDOW_MS);
    throw new AppError("INVALID_CREDENTIALS", TEXT.invalidCredentials);
  }
  return user;
}

/**
 * Ends the session; but logging out of a managed account only returns to the parent account
 * (spec doc 1 §5: "if impersonating, the account is refreshed instead of going to login").
 */
export async function logout(
  ctx: AppContext,
  token: string | undefined,
): Promise<{ returnedToParent: boolean }> {
  if (!token) return { returnedToParent: false };
  const id = sessionIdOf(token);
  const session = await findLiveSession(ctx.db, id);
  if (session && session.actingAccountId !== null && session.actingUserId !== null) {
    await closeChildAccount(ctx, id, {
      childId: session.actingAccountId,
      childUserId: session.actingUserId,
      parentId: session.accountId,
      userId: session.userId,
    });
    return { returnedToParent: true };
  }
  await deleteSession(ctx.db, id);
  return { returnedToParent: false };
}

/** The user actor of a live session, or null (expired, logged out, unknown token). */
export async function resolveSession(ctx: AppContext, token: string): Promise<UserActor | null> {
  const id = sessionIdOf(token);
  const session = await findLiveSession(ctx.db, id);
  if (!session) return null;
  // The look-up says whether the touch would write: only then is it sent (a round trip less on
  // every other request).
  if (session.touchDue)
    await touchSession(
      ctx.db,
      id,
      new Date(ctx.clock.now().getTime() + ctx.config.SESSION_DAYS * DAY_MS),
    );
  if (session.actingAccountId !== null && session.actingUserId !== null) {
    // Acting in a child account: the child's owner, with the real person carried along.
    return userActor({
      accountId: session.actingAccountId,
      userId: session.actingUserId,
      level: session.actingLevel ?? 0,
      restricted: session.actingRestricted ?? false,
      actingFor: { accountId: session.accountId, userId: session.userId },
    });
  }
  return userActor({ ...session, level: session.permissionLevel });
}
