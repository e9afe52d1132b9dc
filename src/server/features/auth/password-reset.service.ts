import { AUTH_TEXT, RESET_LINK_MINUTES } from "../../../domain/auth.schemas";
import { AppError } from "../../../domain/errors";
import { userActor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import { recordAudit } from "../audit/audit.service";
import { resetPasswordMail } from "../mail/mail-templates";
import { latestKeptMail, type MailPreview } from "../mail/mailbox.service";
import { sendMailInBackground } from "../mail/mailer";
import { findUserByEmail, findUserById, setPasswordHash } from "../users/user-records.service";
import { hashNewPassword } from "./password";
import { keyRing, open, seal } from "./secret-box";
import { deleteUserSessions } from "./sessions.queries";
import * as tokens from "./tokens.queries";

const MINUTE_MS = 60_000;
/** Reset mails one address may get per quarter hour; past it, requests are answered but ignored. */
const MAILS_PER_QUARTER_HOUR = 3;

export function forgotPasswordMessage(email: string): string {
  return `If an account exists for ${email}, we've sent it a link to reset the password. The link expires in ${RESET_LINK_MINUTES} minutes.`;
}

/**
 * Starts a reset. The answer is the same whether or not the address has an account, and all the
 * work (the lookup, the link, the mail) happens after it in the background, so the timing does
 * not tell either.
 */
export function requestPasswordReset(
  ctx: AppContext,
  email: string,
  log: { error: (obj: object, msg: string) => void },
): void {
  issueResetLink(ctx, email, log).catch((err: unknown) =>
    log.error({ err }, "the reset link could not be issued"),
  );
}

async function issueResetLink(
  ctx: AppContext,
  email: string,
  log: { error: (obj: object, msg: string) => void },
) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const since = new Date(ctx.clock.now().getTime() - 15 * MINUTE_MS);
  if (
    (await tokens.countIssuedSince(ctx.db, user.id, "reset_password", since)) >=
    MAILS_PER_QUARTER_HOUR
  )
    return;

  // Only the newest link works.
  await tokens.revokeUserTokens(ctx.db, user.id, "reset_password");
  const { token, hash } = tokens.newToken();
  await tokens.insertToken(ctx.db, {
    kind: "reset_password",
    tokenHash: hash,
    userId: user.id,
    accountId: user.accountId,
    email: user.email,
    expiresAt: new Date(ctx.clock.now().getTime() + RESET_LINK_MINUTES * MINUTE_MS),
  });
  const link = `${ctx.config.publicBase}/auth/reset-password?token=${encodeURIComponent(token)}`;
  const name = user.firstName || user.username;
  sendMailInBackground(
    ctx,
    {
      accountId: user.accountId,
      to: user.email,
      kind: "reset_password",
      ...resetPasswordMail({ name, link, minutes: RESET_LINK_MINUTES }),
    },
    log,
  );
}

/**
 * Whether the forgot-password page may show the reset mail itself: only where Parley keeps mail
 * (no SMTP) AND only this machine reaches the server (HOST and PUBLIC_URL on loopback). There the
 * person at the browser sits at the machine that holds the database and the kept mail, so the
 * preview tells them nothing they could not read already; anywhere else it would hand a reset
 * link (and whether the address has an account) to whoever typed the address.
 */
export function showsResetMailHere(config: AppContext["config"]): boolean {
  return !config.useSmtp && config.local;
}

/**
 * What the browser that asked keeps (sealed, httpOnly) so that the page can show the mail of its
 * own request: the address and when it asked. Issued for every request, account or not.
 */
export function resetPreviewTicket(ctx: AppContext, email: string): string {
  return seal(keyRing(ctx.config), JSON.stringify({ email, since: ctx.clock.now().toISOString() }));
}

/**
 * The reset mail kept for the request `ticket` stands for (null: none yet, or no ticket). The
 * answer for an address without an account is the same as for one whose mail is still on its way.
 */
export async function resetMailPreview(
  ctx: AppContext,
  ticket: string | undefined,
): Promise<MailPreview | null> {
  if (!ticket) return null;
  let asked: { email?: unknown; since?: unknown };
  try {
    asked = JSON.parse(open(keyRing(ctx.config), ticket));
  } catch {
    return null;
  }
  if (typeof asked.email !== "string" || typeof asked.since !== "string") return null;
  const since = new Date(asked.since);
  // The link in an older ticket's mail has expired anyway.
  if (ctx.clock.now().getTime() - since.getTime() > RESET_LINK_MINUTES * MINUTE_MS) return null;
  return latestKeptMail(ctx, asked.email, "reset_password", since);
}

/**
 * Sets the new password with a reset link's token: single use, expiring. Every session of the
 * user ends (whoever knew the old password is logged out).
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; newPassword: string },
) {
  const row = await tokens.findLiveToken(ctx.db, "reset_password", input.token);
  const user = row?.userId ? await findUserById(ctx.db, row.userId) : undefined;
  if (!row || !user) throw new AppError("NOT_FOUND", AUTH_TEXT.resetLinkExpired);
  const passwordHash = await hashNewPassword(input.newPassword, {
    field: "newPassword",
    about: [user.username, user.email, user.firstName, user.lastName],
  });
  if (!(await tokens.consumeToken(ctx.db, row.id)))
    throw new AppError("NOT_FOUND", AUTH_TEXT.resetLinkExpired);
  await setPasswordHash(ctx.db, user.id, passwordHash);
  await deleteUserSessions(ctx.db, user.id);
  // No session on this public route: the row names the person the link was mailed to.
  await recordAudit(
    ctx,
    userActor({
      accountId: user.accountId,
      userId: user.id,
      level: user.permissionLevel,
      restricted: user.restricted,
    }),
    {
      action: "users.password_reset_link",
      target: { type: "user", id: user.id, label: user.username },
    },
  );
}
