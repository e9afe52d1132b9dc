import { TRIAL_DAYS, TRIAL_PLAN_ID } from "../../../domain/billing";
import { AppError } from "../../../domain/errors";
import { PERMISSION_LEVEL } from "../../../domain/permissions";
import { accountNameFrom, SIGNUP_TEXT } from "../../../domain/signup.schemas";
import type { AppContext } from "../../http/context";
import { hashNewPassword } from "../auth/password";
import { continueSignIn, type SignInClient, type SignInOutcome } from "../auth/sign-in.service";
import { findUserById } from "../auth/users.queries";
import { recordSignup } from "../billing/referrals.service";
import { ensureCreditRow } from "../credits/credits.queries";
import { startTourFor } from "../registrations/tour.service";
import { findClash } from "../users/users.queries";
import * as q from "./signup.queries";

const DAY_MS = 86_400_000;

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
 * Admin sign-up: a new account with its owner, a 14-day trial with its trial credits, and the
 * first step of the login sequence (the e-mail link; doc 3 §4). The owner proves the address
 * through the mail path, and the link signs them in on this device.
 */
export async function signUpBusiness(
  ctx: AppContext,
  input: AdminSignupInput,
  client: SignInClient,
  now: Date = new Date(),
): Promise<{ accountName: string; accountId: number; userId: number; outcome: SignInOutcome }> {
  const passwordHash = await hashNewPassword(input.password, {
    field: "password",
    about: [input.email, input.firstName, input.lastName, input.businessName],
  });
  const clash = await findClash(ctx.db, { username: input.email, email: input.email });
  if (clash) {
    throw new AppError("CONFLICT", SIGNUP_TEXT.emailTaken, {
      fields: { email: SIGNUP_TEXT.emailTaken },
    });
  }
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const base = accountNameFrom(input.businessName);

  const created = await ctx.db.transaction(async (tx) => {
    const accountName = await q.freeAccountName(tx, base);
    const accountId = await q.insertAccount(tx, {
      accountName,
      businessName: input.businessName,
      email: input.email,
      timezoneId: input.timezoneId,
      industry: input.industry,
      businessPhone: input.phone,
      trialEndsAt,
    });
    const userId = await q.insertOwner(tx, {
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
    await q.insertTrial(tx, { accountId, planId: TRIAL_PLAN_ID, start: now, end: trialEndsAt });
    // The first login lands on the guided tour (doc 1 §4).
    await startTourFor(tx, userId);
    return { accountId, accountName, userId };
  });
  await ensureCreditRow(ctx.db.$client, created.accountId);
  await recordSignup(ctx.db.$client, {
    code: input.ref,
    accountId: created.accountId,
    business: input.businessName,
  });

  const user = await findUserById(ctx.db, created.userId);
  if (!user) throw new AppError("INTERNAL", "The new account could not be opened.");
  const outcome = await continueSignIn(ctx, user, client);
  return {
    accountName: created.accountName,
    accountId: created.accountId,
    userId: created.userId,
    outcome,
  };
}
