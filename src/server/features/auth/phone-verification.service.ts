import { randomInt } from "node:crypto";
import { AppError } from "../../../domain/errors";
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_SENDS,
  PHONE_RESEND_SECONDS,
  type PhoneVerificationStatus,
  SIGN_IN_TEXT,
} from "../../../domain/sign-in.schemas";
import type { AppContext } from "../../http/context";
import {
  findUserById,
  phoneVerifiedByOther,
  setVerifiedPhone,
} from "../users/user-records.service";
import { continueSignIn, type SignInClient, type SignInOutcome } from "./sign-in.service";
import { codeMatches, hashCode, textCode } from "./sms-code";
import * as tokens from "./tokens.queries";
import { findChallenge } from "./two-factor.service";

const MINUTE_MS = 60_000;
const CODE_MINUTES = 10;
/** Wrong codes a phone verification may take before a new code is needed. */
const MAX_ATTEMPTS = 5;

type User = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/**
 * Whose phone is verified: the signed-in user, or (the public variant, no session) the sign-in
 * waiting on its phone step.
 */
export type PhoneCaller =
  | { kind: "session"; userId: number }
  | { kind: "challenge"; token: string | undefined };

async function userOf(ctx: AppContext, caller: PhoneCaller): Promise<User> {
  if (caller.kind === "session") {
    const user = await findUserById(ctx.db, caller.userId);
    if (user) return user;
  } else {
    const found = await findChallenge(ctx, caller.token, "phone");
    if (found) return found.user;
  }
  throw new AppError("UNAUTHENTICATED", SIGN_IN_TEXT.signInTimedOut);
}

export async function phoneStatus(
  ctx: AppContext,
  caller: PhoneCaller,
): Promise<PhoneVerificationStatus> {
  if (caller.kind === "challenge" && !(await findChallenge(ctx, caller.token, "phone")))
    return { pending: false, phone: null, phoneVerified: false };
  const user = await userOf(ctx, caller);
  return {
    pending: caller.kind === "challenge",
    phone: user.phone,
    phoneVerified: user.phoneVerifiedAt !== null,
  };
}

async function liveVerification(ctx: AppContext, userId: number) {
  return tokens.newestLiveToken(ctx.db, userId, "phone_verification");
}

/** A user with SMS two-factor keeps the phone their codes go to: it was proven at set-up. */
function assertMayChangePhone(user: User, phone: string) {
  if (user.twoFactorMethod === "sms" && user.phone && user.phone !== phone)
    throw new AppError(
      "CONFLICT",
      "Your two-factor codes go to another number. Turn off two-factor authentication to change it.",
    );
}

/**
 * 'send phone verification code': a 4-digit code by text through the carrier, from one of the
 * account's numbers. A new code for the same phone waits 30 s after the last (spec doc 3 §9).
 */
export async function sendPhoneCode(ctx: AppContext, caller: PhoneCaller, phone: string) {
  const user = await userOf(ctx, caller);
  assertMayChangePhone(user, phone);
  if (await phoneVerifiedByOther(ctx.db, user.id, phone))
    throw new AppError("CONFLICT", SIGN_IN_TEXT.phoneTaken, {
      fields: { phone: SIGN_IN_TEXT.phoneTaken },
    });
  const live = await liveVerification(ctx, user.id);
  const data = live?.data as { phone?: string; sentAt?: number } | undefined;
  if (live && data?.phone === phone) {
    if ((data.sentAt ?? 0) > ctx.clock.now().getTime() - PHONE_RESEND_SECONDS * 1000)
      throw new AppError("RATE_LIMITED", SIGN_IN_TEXT.phoneResendWait);
    if (live.sends >= PHONE_CODE_SENDS)
      throw new AppError(
        "RATE_LIMITED",
        `You have asked for ${PHONE_CODE_SENDS} codes. Please try again later.`,
      );
  }
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
  const sends = live && data?.phone === phone ? live.sends + 1 : 1;
  await tokens.revokeUserTokens(ctx.db, user.id, "phone_verification");
  const row = await tokens.insertToken(ctx.db, {
    kind: "phone_verification",
    tokenHash: tokens.newToken().hash,
    userId: user.id,
    accountId: user.accountId,
    data: { phone, codeHash: hashCode(code), sentAt: ctx.clock.now().getTime() },
    expiresAt: new Date(ctx.clock.now().getTime() + CODE_MINUTES * MINUTE_MS),
  });
  await tokens.updateToken(ctx.db, row.id, { sends });
  if (!(await textCode(ctx, { accountId: user.accountId, phone }, code)))
    throw new AppError("CONFLICT", SIGN_IN_TEXT.phoneNoSender);
}

/**
 * 'verify phone': the code texted to phoneNumber. The phone becomes the user's verified number;
 * a sign-in waiting on it goes on to its next step.
 */
export async function verifyPhone(
  ctx: AppContext,
  caller: PhoneCaller,
  input: { phone: string; code: string },
  client: SignInClient,
): Promise<SignInOutcome | null> {
  const user = await userOf(ctx, caller);
  assertMayChangePhone(user, input.phone);
  const live = await liveVerification(ctx, user.id);
  const data = live?.data as { phone?: string; codeHash?: string } | undefined;
  if (!live || data?.phone !== input.phone)
    throw new AppError("VALIDATION", SIGN_IN_TEXT.phoneCodeExpired, {
      fields: { verificationCode: SIGN_IN_TEXT.phoneCodeExpired },
    });
  if (!codeMatches(input.code, data.codeHash)) {
    if ((await tokens.addAttempt(ctx.db, live.id)) >= MAX_ATTEMPTS)
      await tokens.consumeToken(ctx.db, live.id);
    throw new AppError("VALIDATION", SIGN_IN_TEXT.wrongPhoneCode, {
      fields: { verificationCode: SIGN_IN_TEXT.wrongPhoneCode },
    });
  }
  if (!(await tokens.consumeToken(ctx.db, live.id)))
    throw new AppError("VALIDATION", SIGN_IN_TEXT.phoneCodeExpired);
  if (await phoneVerifiedByOther(ctx.db, user.id, input.phone))
    throw new AppError("CONFLICT", SIGN_IN_TEXT.phoneTaken);
  await setVerifiedPhone(ctx.db, user.id, input.phone);
  if (caller.kind === "session") return null;

  const found = await findChallenge(ctx, caller.token, "phone");
  if (!found || !(await tokens.consumeToken(ctx.db, found.row.id)))
    throw new AppError("UNAUTHENTICATED", SIGN_IN_TEXT.signInTimedOut);
  const fresh = await findUserById(ctx.db, user.id);
  if (!fresh) throw new AppError("UNAUTHENTICATED", SIGN_IN_TEXT.signInTimedOut);
  return continueSignIn(ctx, fresh, client, "device");
}
