import type { LoginResponse, TwoFactorMethod } from "../../../domain/auth.schemas";
import type { AppContext } from "../../http/context";
import { sendMail } from "../mail/mailer";
import { findUserById, markEmailVerified } from "../users/user-records.service";
import { verifyDeviceMail, verifyEmailMail } from "./auth-mails";
import { startSession } from "./sessions.service";
import * as q from "./sign-in.queries";
import * as tokens from "./tokens.queries";
import { type ChallengeStage, isRememberedDevice, startChallenge } from "./two-factor.service";

const MINUTE_MS = 60_000;
const EMAIL_LINK_HOURS = 24;
const DEVICE_LINK_MINUTES = 30;
/** Verification mails one sign-in step may send (the first and the resends). */
const LINK_SENDS = 5;

export type SignInUser = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** What the browser brings to a sign-in. */
export interface SignInClient {
  deviceId: string;
  userAgent: string | null;
  /** The session cookie of whoever signed in here before (ended when a new one opens). */
  previousToken?: string;
  /** The remember-this-device token of two-factor. */
  rememberToken?: string;
}

/** The steps of spec doc 3 §4 after the credentials, in order. */
const STEPS = ["email", "phone", "device", "tfa"] as const;
type SignInStep = (typeof STEPS)[number];

export type SignInOutcome =
  | { kind: "session"; session: { token: string; expiresAt: Date } }
  | {
      kind: Exclude<ChallengeStage, "tfa">;
      challenge: { token: string; expiresAt: Date };
    }
  | { kind: "tfa"; method: TwoFactorMethod; challenge: { token: string; expiresAt: Date } };

function twoFactorMethodOf(user: SignInUser): TwoFactorMethod | null {
  return user.twoFactorMethod === "app" || user.twoFactorMethod === "sms"
    ? user.twoFactorMethod
    : null;
}

/**
 * Walks the login sequence from `from`: the first check the user still owes becomes the next
 * step (a challenge cookie, no session yet); with none left, the session opens.
 */
export async function continueSignIn(
  ctx: AppContext,
  user: SignInUser,
  client: SignInClient,
  from: SignInStep = "email",
): Promise<SignInOutcome> {
  const owes = (step: SignInStep) => STEPS.indexOf(step) >= STEPS.indexOf(from);
  const policy = await q.readPolicy(ctx.db, user.accountId);

  if (owes("email") && !user.emailVerifiedAt) {
    const challenge = await startChallenge(ctx, user, "email");
    await sendEmailLink(ctx, user, client, challenge.token);
    return { kind: "email", challenge };
  }
  if (owes("phone") && policy.requirePhoneVerification && !user.phoneVerifiedAt) {
    return { kind: "phone", challenge: await startChallenge(ctx, user, "phone") };
  }
  if (
    owes("device") &&
    policy.verifyNewDevices &&
    !(await q.isKnownDevice(ctx.db, user.id, client.deviceId))
  ) {
    const challenge = await startChallenge(ctx, user, "device");
    await sendDeviceLink(ctx, user, client, challenge.token);
    return { kind: "device", challenge };
  }
  const method = twoFactorMethodOf(user);
  if (owes("tfa") && method && !(await isRememberedDevice(ctx, user.id, client.rememberToken))) {
    return { kind: "tfa", method, challenge: await startChallenge(ctx, user, "tfa") };
  }
  const session = await startSession(ctx, user, client);
  return { kind: "session", session };
}

/** The login answer's flags (spec doc 3 §3) for an outcome. */
export function flagsOf(outcome: SignInOutcome): LoginResponse {
  return {
    ok: true,
    emailVerificationRequired: outcome.kind === "email",
    phoneVerificationRequired: outcome.kind === "phone",
    deviceVerificationRequired: outcome.kind === "device",
    ...(outcome.kind === "tfa" ? { twoFactorRequired: true, twoFactorMethod: outcome.method } : {}),
  };
}

/** Where a browser redirected by the server (a mailed link, Google) goes next. */
export function pathOf(outcome: SignInOutcome): string {
  switch (outcome.kind) {
    case "session":
      return "/dashboard";
    case "tfa":
      return "/auth/login?two_factor=1";
    case "phone":
      return "/auth/login?verify_phone=1";
    case "email":
      return "/auth/login?verification_email_sent=1";
    case "device":
      return "/auth/login?verification_email_sent=1&device=1";
  }
}

function nameOf(user: SignInUser) {
  return user.firstName || user.username;
}

function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "an unknown browser";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "a browser";
  const os = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

/**
 * A link token for a verification mail. It remembers the device that signed in and the
 * challenge it belongs to, so the link opened on that device carries the sign-in on.
 */
async function newLinkToken(
  ctx: AppContext,
  kind: "verify_email" | "verify_device",
  user: SignInUser,
  data: { deviceId: string; challenge: string },
  minutes: number,
) {
  await tokens.revokeUserTokens(ctx.db, user.id, kind);
  const { token, hash } = tokens.newToken();
  await tokens.insertToken(ctx.db, {
    kind,
    tokenHash: hash,
    userId: user.id,
    accountId: user.accountId,
    email: user.email,
    data: {
      deviceHash: q.deviceHashOf(data.deviceId),
      challenge: tokens.hashToken(data.challenge),
    },
    expiresAt: new Date(ctx.clock.now().getTime() + minutes * MINUTE_MS),
  });
  return token;
}

async function sendEmailLink(
  ctx: AppContext,
  user: SignInUser,
  client: SignInClient,
  challenge: string,
) {
  const token = await newLinkToken(
    ctx,
    "verify_email",
    user,
    { deviceId: client.deviceId, challenge },
    EMAIL_LINK_HOURS * 60,
  );
  // Through the login page, which hands it to the server (a plain page link, so the local
  // mailbox and mail clients open it like any other).
  const link = `${ctx.config.publicBase}/auth/login?verify_email=${encodeURIComponent(token)}`;
  await sendMail(ctx, {
    accountId: user.accountId,
    to: user.email,
    kind: "verify_email",
    ...verifyEmailMail({ name: nameOf(user), link, hours: EMAIL_LINK_HOURS }),
  });
}

async function sendDeviceLink(
  ctx: AppContext,
  user: SignInUser,
  client: SignInClient,
  challenge: string,
) {
  const token = await newLinkToken(
    ctx,
    "verify_device",
    user,
    { deviceId: client.deviceId, challenge },
    DEVICE_LINK_MINUTES,
  );
  const link = `${ctx.config.publicBase}/auth/login?verify_device=${encodeURIComponent(token)}`;
  await sendMail(ctx, {
    accountId: user.accountId,
    to: user.email,
    kind: "verify_device",
    ...verifyDeviceMail({
      name: nameOf(user),
      link,
      minutes: DEVICE_LINK_MINUTES,
      device: describeDevice(client.userAgent),
    }),
  });
}

/**
 * 'resend public welcome email; resend device-verification email' (spec doc 3 §7): a new link for
 * the sign-in waiting on the e-mail or device step. False when there is none (timed out).
 */
export async function resendVerificationLink(
  ctx: AppContext,
  challengeToken: string | undefined,
  client: SignInClient,
): Promise<"sent" | "limit" | "none"> {
  const row = challengeToken
    ? await tokens.findLiveToken(ctx.db, "login_challenge", challengeToken)
    : undefined;
  const stage = (row?.data as { stage?: string } | undefined)?.stage;
  const user = row?.userId ? await findUserById(ctx.db, row.userId) : undefined;
  if (!row || !user || !challengeToken || (stage !== "email" && stage !== "device")) return "none";
  if (!(await tokens.addSend(ctx.db, row.id, LINK_SENDS - 1))) return "limit";
  if (stage === "email") await sendEmailLink(ctx, user, client, challengeToken);
  else await sendDeviceLink(ctx, user, client, challengeToken);
  return "sent";
}

type LinkResult =
  | { kind: "invalid" }
  | { kind: "incorrect_device" }
  /** Verified, but opened away from the sign-in: log in again on this device. */
  | { kind: "verified" }
  | { kind: "continue"; outcome: SignInOutcome };

/**
 * A verification link was opened. The e-mail link proves the address wherever it is opened; the
 * device link only on the device that signed in. Opened on that device, either link carries the
 * waiting sign-in on to its next step.
 */
export async function openVerificationLink(
  ctx: AppContext,
  kind: "verify_email" | "verify_device",
  token: string,
  client: SignInClient,
  challengeToken: string | undefined,
): Promise<LinkResult> {
  const row = token ? await tokens.findLiveToken(ctx.db, kind, token) : undefined;
  const user = row?.userId ? await findUserById(ctx.db, row.userId) : undefined;
  if (!row || !user) return { kind: "invalid" };
  const data = row.data as { deviceHash?: string; challenge?: string };
  const sameDevice = data.deviceHash === q.deviceHashOf(client.deviceId);
  if (kind === "verify_device" && !sameDevice) return { kind: "incorrect_device" };
  if (!(await tokens.consumeToken(ctx.db, row.id))) return { kind: "invalid" };

  if (kind === "verify_email") await markEmailVerified(ctx.db, user.id);
  if (!sameDevice) return { kind: "verified" };
  // The link proves the inbox and this device: the device is known from now on.
  await q.rememberDevice(ctx.db, user.id, client.deviceId, client.userAgent);

  // The sign-in that sent the link goes on, if this browser still holds it.
  const challenge = challengeToken
    ? await tokens.findLiveToken(ctx.db, "login_challenge", challengeToken)
    : undefined;
  if (!challenge || tokens.hashToken(challengeToken!) !== data.challenge)
    return { kind: "verified" };
  await tokens.consumeToken(ctx.db, challenge.id);
  const fresh = await findUserById(ctx.db, user.id);
  if (!fresh) return { kind: "invalid" };
  const outcome = await continueSignIn(
    ctx,
    fresh,
    client,
    kind === "verify_email" ? "phone" : "tfa",
  );
  return { kind: "continue", outcome };
}
