import { z } from "zod";
import { TEXT } from "./texts";

export const loginRequest = z.object({
  username: z.string().trim().min(1, TEXT.usernameRequired).max(254),
  password: z.string().min(1, TEXT.passwordRequired).max(1024),
  /** The browser's own id (spec doc 3 §7), for device verification; the cookie wins when set. */
  deviceId: z.string().trim().max(100).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const TWO_FACTOR_METHODS = ["app", "sms"] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/**
 * The login answer carries the flags of spec doc 3 §3. When two-factor is on and this device is
 * not remembered, no session exists yet: `twoFactorRequired` says which code the next step asks.
 */
export const loginResponse = z.object({
  ok: z.literal(true),
  emailVerificationRequired: z.boolean(),
  phoneVerificationRequired: z.boolean(),
  deviceVerificationRequired: z.boolean(),
  twoFactorRequired: z.boolean().optional(),
  twoFactorMethod: z.enum(TWO_FACTOR_METHODS).optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const checkTokenResponse = z.object({ valid: z.boolean() });

/** Texts of the sign-in flows (spec doc 3 §5 and §8, doc 1 §5 and §8), letter for letter. */
export const AUTH_TEXT = {
  emailRequired: "Email is required",
  invalidEmailAddress: "Invalid Email Address",
  newPasswordRequired: "New Password is required",
  confirmNewPasswordRequired: "Confirm New Password is required",
  passwordsDoNotMatch: "Passwords do not match. Please try again.",
  resetTokenMissing: "Invalid request. Please start a new request to reset password.",
  passwordMin: "Password should have at least 8 characters",
  inviteExpiredHeading: "Whoops, looks like that link has expired.",
  inviteExpired:
    "This invitation has expired. Please contact an account administrator to send a new invite.",
  enterValidEmail: "Enter valid email",
  invalidPhone: "Invalid phone number",
  passwordsMustMatch: "Passwords must match",
  invalidAuthCode: "Invalid authentication code",
  errorSendingSms: "Error sending SMS",
  tooMany: "Too many attempts. Please wait a minute and try again.",
  /** Ours (the spec is silent): an expired or used reset link. */
  resetLinkExpired:
    "This password reset link has expired or was already used. Please start a new request to reset password.",
} as const;

/** Passwords Parley sets (reset, invite, activation): at least 8 characters (spec doc 3 §9). */
export const PASSWORD_MIN = 8;
export const newPassword = z
  .string()
  .min(PASSWORD_MIN, AUTH_TEXT.passwordMin)
  .max(1024, "Password is too long");

// --- Forgot and reset password --------------------------------------------------------------

export const forgotPasswordRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, AUTH_TEXT.emailRequired)
    .pipe(z.email(AUTH_TEXT.invalidEmailAddress).max(254)),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/** Same words whether or not the address has an account (no account enumeration). */
export const forgotPasswordResponse = z.object({ ok: z.literal(true), message: z.string() });

/** Minutes a reset link lives. */
export const RESET_LINK_MINUTES = 60;

export const updatePasswordRequest = z.object({
  resetPasswordToken: z.string().trim().min(1, AUTH_TEXT.resetTokenMissing).max(200),
  newPassword: z.string().min(1, AUTH_TEXT.newPasswordRequired).pipe(newPassword),
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequest>;

/** The reset form of the page: both fields, then whether they match. */
export const resetPasswordForm = z
  .object({
    newPassword: z.string().min(1, AUTH_TEXT.newPasswordRequired).pipe(newPassword),
    confirmPassword: z.string().min(1, AUTH_TEXT.confirmNewPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_TEXT.passwordsDoNotMatch,
    // Not while a field is still empty: 'required' is the message then.
    when: (p) => {
      const v = p.value as { newPassword?: unknown; confirmPassword?: unknown };
      return Boolean(v.newPassword) && Boolean(v.confirmPassword);
    },
  });

export const okResponse = z.object({ ok: z.literal(true) });

// --- Two-factor (spec doc 1 §4 and §7: hasTFA, sendTFASMS, validateTFA) ---------------------

/** Days a remembered device skips two-factor (spec doc 3 §9). */
export const REMEMBER_DEVICE_DAYS = 30;
/** SMS codes one sign-in may ask for (spec doc 3 §9: resend limit 10). */
export const TFA_SMS_LIMIT = 10;

export const hasTfaResponse = z.object({
  required: z.boolean(),
  method: z.enum(TWO_FACTOR_METHODS).nullable(),
  /** The last digits of the phone an SMS code goes to. */
  phoneHint: z.string().nullable(),
});
export type HasTfaResponse = z.infer<typeof hasTfaResponse>;

export const validateTfaRequest = z.object({
  token: z.string().trim().min(1, AUTH_TEXT.invalidAuthCode).max(12),
  rememberDevice: z.boolean().default(false),
});
export type ValidateTfaRequest = z.input<typeof validateTfaRequest>;

/** The signed-in user's own two-factor state (the Security page). */
export const twoFactorStatus = z.object({
  method: z.enum(TWO_FACTOR_METHODS).nullable(),
  phone: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const appSetupResponse = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data URL, for the authenticator app to scan. */
  qrDataUrl: z.string(),
});
export type AppSetupResponse = z.infer<typeof appSetupResponse>;

export const smsSetupRequest = z.object({
  phone: z.string().trim().min(1, "Phone number is required").max(40),
});
export const confirmCodeRequest = z.object({
  code: z.string().trim().min(1, AUTH_TEXT.invalidAuthCode).max(12),
});
export const disableTwoFactorRequest = z.object({
  password: z.string().min(1, TEXT.passwordRequired).max(1024),
});

// --- Account activation (bundled deal: spec doc 3 §2, §5, §7) ---------------------------------

/** 'set password' of the bundled deal: the link's token and e-mail, and the new password. */
export const activateRequest = z.object({
  token: z
    .string()
    .trim()
    .min(1, "Invalid request. Please use the link from your activation e-mail.")
    .max(200),
  email: z.string().trim().max(254),
  password: z.string().min(PASSWORD_MIN, AUTH_TEXT.passwordMin).max(1024, "Password is too long"),
});
export type ActivateRequest = z.infer<typeof activateRequest>;

export const ACTIVATION_EXPIRED =
  "This activation link has expired or was already used. Please contact support for a new one.";
