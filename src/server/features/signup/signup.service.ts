import { TRIAL_DAYS, TRIAL_PLAN_ID } from "../../../domain/billing";
import { clientNetwork } from "../../../domain/client-network";
import { AppError } from "../../../domain/errors";
import { PERMISSION_LEVEL } from "../../../domain/permissions";
import { accountNameFrom, SIGNUP_TEXT } from "../../../domain/signup.schemas";
import { asSystem } from "../../db/tenant-scope";
import type { AppContext } from "../../http/context";
import { hitRateLimit } from "../../http/rate-limit-store";
import { freeAccountName, insertAccount } from "../account/account-records.service";
import { hashNewPassword } from "../auth/password";
import { continueSignIn, type SignInClient, type SignInOutcome } from "../auth/sign-in.service";
import { takeSignupInvite } from "../auth/signup-invites";
import { startTrial } from "../billing/billing.service";
import { recordSignup } from "../billing/referrals.service";
import { openCredits } from "../credits/credits.service";
import { signupAttemptMail } from "../mail/mail-templates";
import { sendMail } from "../mail/mailer";
import { startTourFor } from "../registrations/tour.service";
import {
  findClash,
  findUserById,
  findUserByLogin,
  insertOwner,
} from "../users/user-records.service";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A sign-up refused for coming too often from one address or network. */
export interface SignupRefusal {
  message: string;
  retryAfterSeconds: number;
}

/**
 * Counts a sign-up attempt against the client's address (per hour) and its network (per day), in
 * the shared rate_limits table so restarts and other web processes keep the count. Over either:
 * the refusal, before anything is made.
 */
export async function admitFromClient(ctx: AppContext, ip: string): Promise<SignupRefusal | null> {
  const byAddress = await hitRateLimit(ctx.db, `signup-address|${ip}`, HOUR_MS);
  if (byAddress.current > ctx.config.SIGNUP_ADDRESS_LIMIT)
    return refusal(SIGNUP_TEXT.tooManyFromAddress, byAddress.ttl);
  const network = clientNetwork(ip) ?? ip;
  const byNetwork = await hitRateLimit(ctx.db, `signup-network|${network}`, DAY_MS);
  if (byNetwork.current > ctx.config.SIGNUP_NETWORK_LIMIT)
    return refusal(SIGNUP_TEXT.tooManyFromNetwork, byNetwork.ttl);
  return null;
}

function refusal(message: string, ttlMs: number): SignupRefusal {
  return { message, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
}

export interface AdminSignupInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  businessName: string;
  industry: number;
  timezoneId: number;
  phone: string;
  /** The referral code of the link the business came through. */
  ref?: string;
  /** The e-mail is proven already (Zoom or GoTo vouched for it): no verification link. */
  emailVerified?: boolean;
}

/**
 * Whether this server lets the visitor sign up (SIGNUP): open to anyone, by an operator's
 * invitation, or closed. By invitation, the invitation is taken here; the id returned is given
 * back (`releaseSignupInvite`) when the sign-up then makes no account.
 */
export async function admitSignup(
  ctx: AppContext,
  invite: string | undefined,
): Promise<number | null> {
  const mode = ctx.config.signup;
  if (mode === "open") return null;
  if (mode === "closed") throw new AppError("FORBIDDEN", SIGNUP_TEXT.closed);
  if (!invite) throw new AppError("FORBIDDEN", SIGNUP_TEXT.inviteNeeded);
  const id = await takeSignupInvite(ctx.db, invite);
  if (id === null) throw new AppError("FORBIDDEN", SIGNUP_TEXT.inviteInvalid);
  return id;
}

/** A sign-up with an address that already has a login: answered as if made (see signUpBusiness). */
export interface SignupOfTakenAddress {
  kind: "taken";
  accountName: string;
}

/**
 * Admin sign-up: a new account with its owner, a 14-day trial with its trial credits, and the
 * first step of the login sequence (the e-mail link; doc 3 §4). The owner proves the address
 * through the mail path, and the link signs them in on this device.
 *
 * An address that already has a login is not told to the stranger (nor is it by the time the
 * answer takes): the password is hashed all the same, the would-be account name is found all the
 * same, and a mail goes to that address (to its owner, who learns of the attempt) as the
 * verification mail would. Only a sign-up whose address Zoom or GoTo vouched for hears "taken".
 */
export async function signUpBusiness(
  ctx: AppContext,
  input: AdminSignupInput,
  client: SignInClient,
  now: Date = ctx.clock.now(),
): Promise<
  | {
      kind: "created";
      accountName: string;
      accountId: number;
      userId: number;
      outcome: SignInOutcome;
    }
  | SignupOfTakenAddress
> {
  const passwordHash = await hashNewPassword(input.password, {
    field: "password",
    about: [input.email, input.firstName, input.lastName, input.businessName],
  });
  const clash = await findClash(ctx.db, { username: input.email, email: input.email });
  if (clash && input.emailVerified) {
    throw new AppError("CONFLICT", SIGNUP_TEXT.emailTaken, {
      fields: { email: SIGNUP_TEXT.emailTaken },
    });
  }
  if (clash) return answerTakenAddress(ctx, input);
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const base = accountNameFrom(input.businessName);

  const created = await ctx.db.transaction(async (tx) => {
    const accountName = await freeAccountName(tx, base);
    const accountId = await insertAccount(tx, {
      accountName,
      businessName: input.businessName,
      email: input.email,
      timezoneId: input.timezoneId,
      industry: input.industry,
      businessPhone: input.phone,
      trialEndsAt,
    });
    const userId = await insertOwner(tx, {
      accountId,
      username: input.email,
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      permissionLevel: PERMISSION_LEVEL.OWNER,
      // Proven by the link the first login sends, unless the service it came through vouched.
      emailVerifiedAt: input.emailVerified ? now : null,
    });
    await startTrial(tx, { accountId, planId: TRIAL_PLAN_ID, start: now, end: trialEndsAt });
    // The first login lands on the guided tour (doc 1 §4).
    await startTourFor(tx, userId);
    return { accountId, accountName, userId };
  });
  await openCredits(ctx.db.$client, created.accountId);
  await recordSignup(ctx.db.$client, {
    code: input.ref,
    accountId: created.accountId,
    business: input.businessName,
  });

  const user = await findUserById(ctx.db, created.userId);
  if (!user) throw new AppError("INTERNAL", "The new account could not be opened.");
  const outcome = await continueSignIn(ctx, user, client);
  return {
    kind: "created",
    accountName: created.accountName,
    accountId: created.accountId,
    userId: created.userId,
    outcome,
  };
}

async function answerTakenAddress(
  ctx: AppContext,
  input: AdminSignupInput,
): Promise<SignupOfTakenAddress> {
  const accountName = await freeAccountName(ctx.db, accountNameFrom(input.businessName));
  const holder = await asSystem(() => findUserByLogin(ctx.db, input.email));
  if (holder) {
    await sendMail(ctx, {
      accountId: holder.accountId,
      to: holder.email,
      kind: "signup_attempt",
      ...signupAttemptMail({
        name: holder.firstName || holder.username,
        loginLink: `${ctx.config.publicBase}/auth/login`,
        resetLink: `${ctx.config.publicBase}/auth/forgot-password`,
      }),
    });
  }
  return { kind: "taken", accountName };
}
