import { generateSecret, generateURI, verify as verifyTotp } from "otplib";
import QRCode from "qrcode";
import {
  type AppSetupResponse,
  AUTH_TEXT,
  type HasTfaResponse,
  REMEMBER_DEVICE_DAYS,
  TFA_SMS_LIMIT,
  type TwoFactorMethod,
  type TwoFactorStatus,
} from "../../../domain/auth.schemas";
import { AppError } from "../../../domain/errors";
import { toE164 } from "../../../domain/phone";
import type { AppContext, UserActor } from "../../http/context";
import { recordAudit } from "../audit/audit.service";
import {
  clearTwoFactor,
  findUserById,
  sealTotpSecret,
  setTwoFactor,
} from "../users/user-records.service";
import { verifyPassword } from "./password";
import { keyRing, open, seal } from "./secret-box";
import { startSession } from "./sessions.service";
import { codeMatches, newSmsCode, textCode } from "./sms-code";
import * as tokens from "./tokens.queries";

const MINUTE_MS = 60_000;
const CHALLENGE_MINUTES = 10;
/** Wrong codes one sign-in may try before it must start again from the password. */
const MAX_ATTEMPTS = 5;

type User = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

function methodOf(user: { twoFactorMethod: string | null }): TwoFactorMethod | null {
  return user.twoFactorMethod === "app" || user.twoFactorMethod === "sms"
    ? user.twoFactorMethod
    : null;
}

function phoneHint(phone: string | null): string | null {
  return phone ? `•••• ${phone.slice(-4)}` : null;
}

const invalidCode = () => new AppError("VALIDATION", AUTH_TEXT.invalidAuthCode);
const smsError = () => new AppError("CONFLICT", AUTH_TEXT.errorSendingSms);

/**
 * The authenticator key of a user, opened from its sealed form. A key stored in plaintext (before
 * keys were sealed) is sealed now, on first read.
 */
async function totpSecretOf(ctx: AppContext, user: User): Promise<string | null> {
  if (!user.totpSecret) return null;
  const ring = keyRing(ctx.config);
  const secret = open(ring, user.totpSecret);
  if (secret === user.totpSecret)
    await sealTotpSecret(ctx.db, user.id, user.totpSecret, seal(ring, secret));
  return secret;
}

async function totpMatches(secret: string | null, code: string): Promise<boolean> {
  if (!secret || !/^\d{6}$/.test(code.trim())) return false;
  // One step either side: phones' clocks drift.
  const result = await verifyTotp({ secret, token: code.trim(), epochTolerance: 30 }).catch(() => ({
    valid: false,
  }));
  return result.valid;
}

// --- Login: the step between the password and the session ---------------------------------------

/**
 * validateRememberDevice: a device remembered at an earlier sign-in (30 days) skips the code.
 */
export async function isRememberedDevice(ctx: AppContext, userId: number, token?: string) {
  if (!token) return false;
  const row = await tokens.findLiveToken(ctx.db, "remember_device", token);
  return row?.userId === userId;
}

/**
 * A sign-in between the password and the session: a short-lived challenge, no session yet. Its
 * stage says which step it waits for: the two-factor code, or a phone verification code.
 */
export type ChallengeStage = "tfa" | "phone" | "email" | "device";

export async function startChallenge(
  ctx: AppContext,
  user: { id: number; accountId: number },
  stage: ChallengeStage = "tfa",
) {
  const { token, hash } = tokens.newToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + CHALLENGE_MINUTES * MINUTE_MS);
  await tokens.insertToken(ctx.db, {
    kind: "login_challenge",
    tokenHash: hash,
    userId: user.id,
    accountId: user.accountId,
    data: { stage },
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * A challenge cookie that leads nowhere, shaped and timed like startChallenge's: what a sign-up
 * with a taken address gets, so its answer matches a real one's.
 */
export function decoyChallenge(ctx: AppContext) {
  return {
    token: tokens.newToken().token,
    expiresAt: new Date(ctx.clock.now().getTime() + CHALLENGE_MINUTES * MINUTE_MS),
  };
}

/** The live challenge of a cookie, when it waits for `stage`. */
export async function findChallenge(
  ctx: AppContext,
  token: string | undefined,
  stage: ChallengeStage,
) {
  const row = token ? await tokens.findLiveToken(ctx.db, "login_challenge", token) : undefined;
  const rowStage = (row?.data as { stage?: string } | undefined)?.stage ?? "tfa";
  if (!row?.userId || rowStage !== stage) return undefined;
  const user = await findUserById(ctx.db, row.userId);
  return user ? { row, user } : undefined;
}

async function challengeOf(ctx: AppContext, token: string | undefined) {
  const found = await findChallenge(ctx, token, "tfa");
  const row = found?.row;
  const user = found?.user;
  if (!row || !user || !methodOf(user))
    throw new AppError("UNAUTHENTICATED", "Your sign-in has timed out. Please log in again.");
  return { row, user };
}

/** hasTFA: whether a code is asked for, and which. */
export async function hasTfa(ctx: AppContext, token: string | undefined): Promise<HasTfaResponse> {
  const user = (await findChallenge(ctx, token, "tfa"))?.user;
  const method = user ? methodOf(user) : null;
  return {
    required: method !== null,
    method,
    phoneHint: method === "sms" ? phoneHint(user!.phone) : null,
  };
}

/** sendTFASMS: a new code by text, at most 10 per sign-in. */
export async function sendTfaSms(ctx: AppContext, token: string | undefined) {
  const { row, user } = await challengeOf(ctx, token);
  if (methodOf(user) !== "sms" || !user.phone) throw smsError();
  if (!(await tokens.addSend(ctx.db, row.id, TFA_SMS_LIMIT)))
    throw new AppError(
      "RATE_LIMITED",
      `You have asked for ${TFA_SMS_LIMIT} codes. Please log in again to get a new one.`,
    );
  const { code, hash } = newSmsCode();
  await tokens.updateToken(ctx.db, row.id, {
    data: {
      stage: "tfa",
      codeHash: hash,
      codeExpiresAt: ctx.clock.now().getTime() + CHALLENGE_MINUTES * MINUTE_MS,
    },
  });
  if (!(await textCode(ctx, { accountId: user.accountId, phone: user.phone }, code)))
    throw smsError();
}

/** validateTFA: the right code opens the session (and remembers the device when asked). */
export async function validateTfa(
  ctx: AppContext,
  input: { challenge: string | undefined; code: string; rememberDevice: boolean },
  session: { userAgent: string | null; previousToken?: string },
) {
  const { row, user } = await challengeOf(ctx, input.challenge);
  const data = row.data as { codeHash?: string; codeExpiresAt?: number; stage?: string };
  const ok =
    methodOf(user) === "app"
      ? await totpMatches(await totpSecretOf(ctx, user), input.code)
      : (data.codeExpiresAt ?? 0) > ctx.clock.now().getTime() &&
        codeMatches(input.code, data.codeHash);
  if (!ok) {
    if ((await tokens.addAttempt(ctx.db, row.id)) >= MAX_ATTEMPTS)
      await tokens.consumeToken(ctx.db, row.id);
    throw invalidCode();
  }
  if (!(await tokens.consumeToken(ctx.db, row.id))) throw invalidCode();
  const opened = await startSession(ctx, user, session);
  let device: { token: string; expiresAt: Date } | null = null;
  if (input.rememberDevice) {
    const { token, hash } = tokens.newToken();
    const expiresAt = new Date(ctx.clock.now().getTime() + REMEMBER_DEVICE_DAYS * 86_400_000);
    await tokens.insertToken(ctx.db, {
      kind: "remember_device",
      tokenHash: hash,
      userId: user.id,
      accountId: user.accountId,
      expiresAt,
    });
    device = { token, expiresAt };
  }
  return { session: opened, device };
}

// --- Settings: the signed-in user's own two-factor ------------------------------------------------

async function me(ctx: AppContext, auth: UserActor) {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw new AppError("UNAUTHENTICATED", "Your session has ended. Please log in again.");
  return user;
}

export async function status(ctx: AppContext, auth: UserActor): Promise<TwoFactorStatus> {
  const user = await me(ctx, auth);
  return { method: methodOf(user), phone: user.phone };
}

/** The newest unconfirmed set-up of the user (an app secret or a phone waiting for its code). */
async function liveSetup(ctx: AppContext, userId: number) {
  return tokens.newestLiveToken(ctx.db, userId, "two_factor_setup");
}

async function newSetup(ctx: AppContext, user: User, data: Record<string, unknown>) {
  await tokens.revokeUserTokens(ctx.db, user.id, "two_factor_setup");
  return tokens.insertToken(ctx.db, {
    kind: "two_factor_setup",
    tokenHash: tokens.newToken().hash,
    userId: user.id,
    accountId: user.accountId,
    data,
    expiresAt: new Date(ctx.clock.now().getTime() + 30 * MINUTE_MS),
  });
}

export async function setupApp(ctx: AppContext, auth: UserActor): Promise<AppSetupResponse> {
  const user = await me(ctx, auth);
  const secret = generateSecret();
  await newSetup(ctx, user, { method: "app", secret: seal(keyRing(ctx.config), secret) });
  const otpauthUrl = generateURI({ issuer: "Parley", label: user.email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { secret, otpauthUrl, qrDataUrl };
}

export async function setupSms(ctx: AppContext, auth: UserActor, phoneInput: string) {
  const user = await me(ctx, auth);
  const phone = toE164(phoneInput);
  if (!phone)
    throw new AppError("VALIDATION", AUTH_TEXT.invalidPhone, {
      fields: { phone: AUTH_TEXT.invalidPhone },
    });
  const { code, hash } = newSmsCode();
  const setup = await newSetup(ctx, user, { method: "sms", phone, codeHash: hash });
  await tokens.addSend(ctx.db, setup.id, TFA_SMS_LIMIT);
  if (!(await textCode(ctx, { accountId: user.accountId, phone }, code))) throw smsError();
  return { phoneHint: phoneHint(phone) };
}

/** The code from the app or the text turns two-factor on. */
export async function confirmSetup(ctx: AppContext, auth: UserActor, code: string) {
  const user = await me(ctx, auth);
  const setup = await liveSetup(ctx, user.id);
  if (!setup) throw new AppError("NOT_FOUND", "Start the set-up again: it has expired.");
  const data = setup.data as {
    method?: string;
    secret?: string;
    phone?: string;
    codeHash?: string;
  };
  const ok =
    data.method === "app"
      ? await totpMatches(data.secret ? open(keyRing(ctx.config), data.secret) : null, code)
      : codeMatches(code, data.codeHash);
  if (!ok) {
    if ((await tokens.addAttempt(ctx.db, setup.id)) >= MAX_ATTEMPTS)
      await tokens.consumeToken(ctx.db, setup.id);
    throw invalidCode();
  }
  await tokens.consumeToken(ctx.db, setup.id);
  await setTwoFactor(
    ctx.db,
    user.id,
    data.method === "app"
      ? // Kept sealed, as the set-up held it.
        { twoFactorMethod: "app", totpSecret: data.secret }
      : // The code reached the phone: it is verified too.
        {
          twoFactorMethod: "sms",
          totpSecret: null,
          phone: data.phone,
          phoneVerifiedAt: ctx.clock.now(),
        },
  );
  await recordAudit(ctx, auth, {
    action: "settings.security",
    target: { type: "user", id: user.id, label: "Two-factor authentication" },
    changes: { twoFactorMethod: { before: user.twoFactorMethod ?? null, after: data.method } },
  });
  return status(ctx, auth);
}

/** Turning two-factor off asks for the password, and forgets every remembered device. */
export async function disable(ctx: AppContext, auth: UserActor, password: string) {
  const user = await me(ctx, auth);
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new AppError("VALIDATION", "That password is not right.", {
      fields: { password: "That password is not right." },
    });
  await clearTwoFactor(ctx.db, user.id);
  await tokens.revokeUserTokens(ctx.db, user.id, "remember_device");
  await recordAudit(ctx, auth, {
    action: "settings.security",
    target: { type: "user", id: user.id, label: "Two-factor authentication" },
    changes: { twoFactorMethod: { before: user.twoFactorMethod ?? null, after: null } },
  });
  return status(ctx, auth);
}
