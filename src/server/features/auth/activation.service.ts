import { ACTIVATION_EXPIRED } from "../../../domain/auth.schemas";
import { AppError } from "../../../domain/errors";
import type { AppContext } from "../../http/context";
import { activationMail } from "../mail/mail-templates";
import { sendMail } from "../mail/mailer";
import { findUserById, setPasswordHash } from "../users/user-records.service";
import { hashNewPassword } from "./password";
import { deleteUserSessions } from "./sessions.queries";
import * as tokens from "./tokens.queries";

const ACTIVATION_DAYS = 14;

/**
 * Mails a bundled-deal owner the link that activates their account (/auth/activate?email=…&u=…).
 * Called where such accounts are created (billing's bundled deals, admin sign-up).
 */
export async function sendActivationLink(ctx: AppContext, userId: number, businessName: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("NOT_FOUND", "This user does not exist.");
  await tokens.revokeUserTokens(ctx.db, user.id, "activate");
  const { token, hash } = tokens.newToken();
  await tokens.insertToken(ctx.db, {
    kind: "activate",
    tokenHash: hash,
    userId: user.id,
    accountId: user.accountId,
    email: user.email,
    expiresAt: new Date(ctx.clock.now().getTime() + ACTIVATION_DAYS * 86_400_000),
  });
  const link = `${ctx.config.publicBase}/auth/activate?email=${encodeURIComponent(user.email)}&u=${encodeURIComponent(token)}`;
  await sendMail(ctx, {
    accountId: user.accountId,
    to: user.email,
    kind: "activate",
    ...activationMail({ businessName, link, days: ACTIVATION_DAYS }),
  });
}

/** 'set password' of spec doc 3 §7: the link's token, its e-mail, the chosen password. */
export async function activate(
  ctx: AppContext,
  input: { token: string; email: string; password: string },
) {
  const row = await tokens.findLiveToken(ctx.db, "activate", input.token);
  if (!row?.userId || row.email.toLowerCase() !== input.email.trim().toLowerCase())
    throw new AppError("NOT_FOUND", ACTIVATION_EXPIRED);
  const passwordHash = await hashNewPassword(input.password, {
    field: "password",
    about: [input.email],
  });
  if (!(await tokens.consumeToken(ctx.db, row.id)))
    throw new AppError("NOT_FOUND", ACTIVATION_EXPIRED);
  await setPasswordHash(ctx.db, row.userId, passwordHash);
  await deleteUserSessions(ctx.db, row.userId);
}
