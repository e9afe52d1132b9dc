import { AppError } from "../../../domain/errors";
import { TEXT } from "../../../domain/texts";
import type { AppContext, AuthContext } from "../../http/context";
import { verifyPassword } from "./password";
import {
  deleteSession,
  findLiveSession,
  insertSession,
  newSessionToken,
  sessionIdOf,
  touchSession,
} from "./sessions.queries";
import { findUserByLogin } from "./users.queries";

const DAY_MS = 86_400_000;

export async function login(
  ctx: AppContext,
  input: { username: string; password: string; userAgent: string | null; previousToken?: string },
) {
  const user = await findUserByLogin(ctx.db, input.username);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw new AppError("INVALID_CREDENTIALS", TEXT.invalidCredentials);

  // A fresh session id at every login: a cookie planted before login is worth nothing after.
  if (input.previousToken) await deleteSession(ctx.db, sessionIdOf(input.previousToken));
  const { token, id } = newSessionToken();
  const expiresAt = new Date(Date.now() + ctx.config.SESSION_DAYS * DAY_MS);
  await insertSession(ctx.db, {
    id,
    userId: user.id,
    accountId: user.accountId,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

export async function logout(ctx: AppContext, token: string | undefined) {
  if (token) await deleteSession(ctx.db, sessionIdOf(token));
}

export async function resolveSession(ctx: AppContext, token: string): Promise<AuthContext | null> {
  const id = sessionIdOf(token);
  const session = await findLiveSession(ctx.db, id);
  if (!session) return null;
  await touchSession(ctx.db, id, new Date(Date.now() + ctx.config.SESSION_DAYS * DAY_MS));
  return { sessionId: id, ...session };
}
