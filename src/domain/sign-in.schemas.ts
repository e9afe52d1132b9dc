import { z } from "zod";
import { AUTH_TEXT, loginResponse } from "./auth.schemas";
import { toE164 } from "./phone";

/**
 * The steps of the login sequence after the password (spec doc 3 §4): e-mail, phone and device
 * verification, magic links, Google / Facebook, deeplinks. Texts quoted from the spec are exact.
 */
export const SIGN_IN_TEXT = {
  phoneRequired: "Phone number is required",
  invalidPhone: AUTH_TEXT.invalidPhone,
  codeRequired: "Verification code is required",
  codeLength: "Code must be exactly 4 digits",
  codeSent: "Code sent!",
  accountNotConnected: "Account Not Connected",
  noAccountFound: "No Account Found",
  somethingWentWrong: "We're sorry, but something went wrong",
  // Ours (the spec names the flags, not their words).
  wrongPhoneCode: "That code is not right. Check the text we sent and try again.",
  phoneCodeExpired: "That code has expired. Ask for a new one.",
  phoneResendWait: "Please wait 30 seconds before asking for another code.",
  phoneNoSender:
    "We could not text a code: this account has no active number to send it from. Please contact your account owner.",
  phoneTaken: "This phone number is already verified by another user.",
  signInTimedOut: "Your sign-in has timed out. Please log in again.",
  emailTokenInvalid:
    "This e-mail verification link has expired or was already used. Log in again and we'll send you a new one.",
  deviceTokenInvalid:
    "This device verification link has expired or was already used. Log in again and we'll send you a new one.",
  incorrectDevice:
    "This link must be opened on the device you logged in from. Open the link from your e-mail on that device, or log in here to get a link for this one.",
  magicTokenInvalid:
    "This sign-in link has expired or was already used. Ask for a new one below or log in with your password.",
} as const;

/** Spec doc 3 §9: a 4-digit phone code; resend disabled 30 s; 'Code sent!' for 4 s. */
export const PHONE_CODE_LENGTH = 4;
export const PHONE_RESEND_SECONDS = 30;
export const CODE_SENT_MS = 4000;
/** Codes one phone verification may ask for. */
export const PHONE_CODE_SENDS = 10;

/** Spec doc 3 §5: optional plus, a 1-3 digit country code, then 9-16 digits, spaces, . - /. */
export const PHONE_PATTERN = /^\+?\d{1,3}[\d\s./-]{9,16}$/;

/** A phone of the phone verification form: the pattern, then a US or Canada number (E.164). */
export const verificationPhone = z
  .string()
  .trim()
  .min(1, SIGN_IN_TEXT.phoneRequired)
  .max(40, SIGN_IN_TEXT.invalidPhone)
  .transform((value, check) => {
    const e164 = PHONE_PATTERN.test(value) ? toE164(value) : null;
    if (!e164) {
      check.addIssue({ code: "custom", message: SIGN_IN_TEXT.invalidPhone });
      return z.NEVER;
    }
    return e164;
  });

export const phoneCode = z
  .string()
  .trim()
  .min(1, SIGN_IN_TEXT.codeRequired)
  .refine((v) => v.length === PHONE_CODE_LENGTH, SIGN_IN_TEXT.codeLength);

/** 'send phone verification code' (spec doc 3 §7): phone, resend. */
export const sendPhoneCodeRequest = z.object({
  phone: verificationPhone,
  resend: z.boolean().default(false),
});
export type SendPhoneCodeRequest = z.input<typeof sendPhoneCodeRequest>;

/** 'verify phone': verificationCode, phoneNumber. */
export const verifyPhoneRequest = z.object({
  verificationCode: phoneCode,
  phoneNumber: verificationPhone,
});
export type VerifyPhoneRequest = z.input<typeof verifyPhoneRequest>;

/** data.phoneVerified, and where the sign-in goes next when it was part of one. */
export const verifyPhoneResponse = loginResponse.extend({ phoneVerified: z.literal(true) });
export type VerifyPhoneResponse = z.infer<typeof verifyPhoneResponse>;

/** Who the phone verification page is for: the signed-in user or a sign-in waiting for it. */
export const phoneVerificationStatus = z.object({
  pending: z.boolean(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
});
export type PhoneVerificationStatus = z.infer<typeof phoneVerificationStatus>;

/** 'check magic token': data.isValid; a valid one signs in (or leads to the next step). */
export const magicTokenRequest = z.object({ token: z.string().trim().min(1).max(200) });
export const magicTokenResponse = loginResponse.extend({ isValid: z.boolean() });
export type MagicTokenResponse = z.infer<typeof magicTokenResponse>;

export const magicLinkRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, AUTH_TEXT.emailRequired)
    .pipe(z.email(AUTH_TEXT.invalidEmailAddress).max(254)),
});

/** Which sign-in providers this server has a client for. */
export const OAUTH_PROVIDERS = ["google", "facebook"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: "Google",
  facebook: "Facebook",
};
export const providersResponse = z.object({
  google: z.boolean(),
  facebook: z.boolean(),
  /** Who may sign up at /admin-signup: anyone, by invitation, or nobody. */
  signup: z.enum(["open", "invite", "closed"]),
});
export type ProvidersResponse = z.infer<typeof providersResponse>;

/** The account's sign-in checks (owner only, on the Security page). */
export const signInPolicy = z.object({
  verifyNewDevices: z.boolean(),
  requirePhoneVerification: z.boolean(),
});
export type SignInPolicy = z.infer<typeof signInPolicy>;

// --- Deeplinks (spec doc 3 §4: /{deeplinkUrlId} resolves to a uri) ---------------------------

export const DEEPLINK_ID = /^[A-Za-z0-9_-]{4,64}$/;
export const deeplinkResolveResponse = z.object({ uri: z.string() });

/**
 * A path of this site: one slash, then no second slash or backslash (browsers read `//x` and
 * `/\x` as another site) and no spaces or control characters (dropped by URL parsing).
 */
export const SAME_SITE_PATH = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;

/**
 * A deeplink's target: a path of this site or an http(s) address; blank = the sign-up page. An
 * address elsewhere must also be on the business's own website (checked by the server).
 */
export const deeplinkUri = z
  .string()
  .trim()
  .max(2000, "The link is too long")
  .refine(
    (v) => v === "" || SAME_SITE_PATH.test(v) || /^https?:\/\/[^\s\\]+$/i.test(v),
    "Enter a link that starts with http://, https:// or /",
  );
export const DEEPLINK_NOT_ALLOWED =
  "A deeplink opens a page of this site or of your own website (the website on your contact card).";
export const createDeeplinkRequest = z.object({ uri: deeplinkUri });
export const deeplinkRow = z.object({
  id: z.string(),
  uri: z.string().nullable(),
  url: z.string(),
  createdAt: z.string(),
});
export type DeeplinkRow = z.infer<typeof deeplinkRow>;
export const deeplinksResponse = z.object({ rows: z.array(deeplinkRow) });
