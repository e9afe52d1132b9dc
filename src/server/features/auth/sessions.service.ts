import type { AppContext } from "../../http/context";
import { deleteSession, insertSession, newSessionToken, sessionIdOf } from "./sessions.queries";

const DAY_MS = 86_400_000;

/**
 * Opens a session for a user who proved who they are (password, two-factor, an accepted
 * invitation). A fresh id every time: a cookie planted before sign-in is worth nothing after.
 */
export async function startSession(
  ctx: AppContext,
  user: { id: number; accountId: number },
  opts: { userAgent: string | null; previousToken?: string },
) {
  if (opts.previousToken) await deleteSession(ctx.db, sessionIdOf(opts.previousToken));
  const { token, id } = newSessionToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + ctx.config.SESSION_DAYS * DAY_MS);
  await insertSession(ctx.db, {
    id,
    userId: user.id,
    accountId: user.accountId,
    userAgent: opts.userAgent?.slice(0, 500) ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

// For the features that act on sessions: managed accounts switch a session's acting account;
// users end a removed user's sessions.
export { deleteUserSessions, sessionIdOf, setSessionActing } from "./sessions.queries";
