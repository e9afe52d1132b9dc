import type { Db } from "../../db/connection";
import { consumeToken, findLiveToken, insertToken, newToken, releaseToken } from "./tokens.queries";

/**
 * Invitations to sign up on a server whose sign-up is by invitation (SIGNUP=invite): made by the
 * operator (`npm run admin -- signup-invite`), each good for one account.
 */
export async function createSignupInvite(
  db: Db,
  opts: { days: number; email?: string; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const expiresAt = new Date(opts.now.getTime() + opts.days * 86_400_000);
  await insertToken(db, {
    kind: "signup_invite",
    tokenHash: hash,
    email: opts.email ?? "",
    expiresAt,
  });
  return { token, expiresAt };
}

/** Takes a live invitation for one sign-up (race-free); its id, or null when there is none. */
export async function takeSignupInvite(db: Db, token: string): Promise<number | null> {
  const row = await findLiveToken(db, "signup_invite", token);
  if (!row || !(await consumeToken(db, row.id))) return null;
  return row.id;
}

/** Gives a taken invitation back: the sign-up it was taken for made no account. */
export async function releaseSignupInvite(db: Db, id: number): Promise<void> {
  await releaseToken(db, id);
}
