import type { AppContext } from "../../http/context";
import { sendMailInBackground } from "../mail/mailer";
import { findUserByEmail, findUserById, markEmailVerified } from "../users/user-records.service";
import { magicLinkMail } from "./auth-mails";
import * as q from "./sign-in.queries";
import { continueSignIn, type SignInClient, type SignInOutcome } from "./sign-in.service";
import * as tokens from "./tokens.queries";

const MINUTE_MS = 60_000;
const MAGIC_LINK_MINUTES = 15;
/** Sign-in links one address may get per quarter hour; past it, requests are answered, ignored. */
const LINKS_PER_QUARTER_HOUR = 3;

export function magicLinkMessage(email: string): string {
  return `If an account exists for ${email}, we've sent it a sign-in link. The link expires in ${MAGIC_LINK_MINUTES} minutes.`;
}

/** Mails a single-use sign-in link; the same answer whether or not the address has an account. */
export async function requestMagicLink(
  ctx: AppContext,
  email: string,
  log: { error: (obj: object, msg: string) => void },
) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const since = new Date(ctx.clock.now().getTime() - 15 * MINUTE_MS);
  if (
    (await tokens.countIssuedSince(ctx.db, user.id, "magic_link", since)) >= LINKS_PER_QUARTER_HOUR
  )
    return;
  await tokens.revokeUserTokens(ctx.db, user.id, "magic_link");
  const { token, hash } = tokens.newToken();
  await tokens.insertToken(ctx.db, {
    kind: "magic_link",
    tokenHash: hash,
    userId: user.id,
    accountId: user.accountId,
    email: user.email,
    expiresAt: new Date(ctx.clock.now().getTime() + MAGIC_LINK_MINUTES * MINUTE_MS),
  });
  const link = `${ctx.config.publicBase}/auth/login?magic_token=${encodeURIComponent(token)}`;
  sendMailInBackground(
    ctx,
    {
      accountId: user.accountId,
      to: user.email,
      kind: "magic_link",
      ...magicLinkMail({
        name: user.firstName || user.username,
        link,
        minutes: MAGIC_LINK_MINUTES,
      }),
    },
    log,
  );
}

/**
 * 'check magic token': a live link signs in once. It proves the inbox, so the e-mail and this
 * device count as verified; phone verification and two-factor still follow when they apply.
 */
export async function useMagicToken(
  ctx: AppContext,
  token: string,
  client: SignInClient,
): Promise<SignInOutcome | null> {
  const row = await tokens.findLiveToken(ctx.db, "magic_link", token);
  const user = row?.userId ? await findUserById(ctx.db, row.userId) : undefined;
  if (!row || !user || !(await tokens.consumeToken(ctx.db, row.id))) return null;
  await markEmailVerified(ctx.db, user.id);
  await q.rememberDevice(ctx.db, user.id, client.deviceId, client.userAgent);
  return continueSignIn(
    ctx,
    { ...user, emailVerifiedAt: user.emailVerifiedAt ?? ctx.clock.now() },
    client,
    "phone",
  );
}
