import { z } from "zod";
import { AUTH_TEXT, newPassword } from "./auth.schemas";
import { INDUSTRIES } from "./industries";
import { toE164 } from "./phone";
import { isTimezoneId } from "./timezones";

/** Texts of the admin sign-up page (ours: the spec names the page, not its words). */
export const SIGNUP_TEXT = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  businessNameRequired: "Business name is required",
  industryRequired: "Choose your industry",
  timezoneRequired: "Choose your time zone",
  timezoneUnknown: "Choose a time zone from the list",
  phoneInvalid: "Enter a valid US or Canada phone number",
  emailTaken: "An account with this e-mail already exists. Log in instead.",
  created: "Check your e-mail: we sent you a link to verify your address.",
  closed: "Sign-up is closed on this server. Ask its operator for an account.",
  inviteNeeded: "Sign-up on this server is by invitation: open the link its operator sent you.",
  tooManyFromAddress:
    "Too many sign-ups from your address. Please try again in an hour, or log in to the account you made.",
  tooManyFromNetwork:
    "Too many sign-ups from your network today. Please try again tomorrow, or ask the server's operator for an account.",
  inviteInvalid:
    "This invitation link was used already or has expired. Ask the operator for a new one.",
} as const;

/** Who may create an account at /admin-signup (the server's SIGNUP setting). */
/** An account's zone: any id of the time zone table (src/domain/timezones.json). */
export const timezoneIdField = z
  .number({ message: SIGNUP_TEXT.timezoneRequired })
  .int(SIGNUP_TEXT.timezoneUnknown)
  .refine(isTimezoneId, SIGNUP_TEXT.timezoneUnknown);

export const SIGNUP_MODES = ["open", "invite", "closed"] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** The owner and the business of a new account (admin sign-up, spec doc 1 §2). */
export const adminSignupRequest = z.object({
  firstName: z.string().trim().min(1, SIGNUP_TEXT.firstNameRequired).max(60),
  lastName: z.string().trim().min(1, SIGNUP_TEXT.lastNameRequired).max(60),
  email: z
    .string()
    .trim()
    .min(1, AUTH_TEXT.emailRequired)
    .max(254)
    .pipe(z.email(AUTH_TEXT.invalidEmailAddress)),
  password: newPassword,
  businessName: z.string().trim().min(1, SIGNUP_TEXT.businessNameRequired).max(100),
  industry: z
    .number({ message: SIGNUP_TEXT.industryRequired })
    .int()
    .refine((id) => INDUSTRIES.some((i) => i.id === id), SIGNUP_TEXT.industryRequired),
  timezoneId: timezoneIdField,
  phone: z
    .string()
    .trim()
    .max(30)
    .refine((v) => toE164(v) !== null, SIGNUP_TEXT.phoneInvalid)
    .transform((v) => toE164(v) as string),
  deviceId: z.string().trim().max(100).optional(),
  /** The referral code of the link the business came through (/admin-signup?ref=CODE). */
  ref: z.string().trim().max(40).optional(),
  /** The invitation of a server whose sign-up is by invitation (/admin-signup?invite=TOKEN). */
  invite: z.string().trim().max(100).optional(),
});
export type AdminSignupRequest = z.input<typeof adminSignupRequest>;

export const adminSignupResponse = z.object({
  ok: z.literal(true),
  accountName: z.string(),
  emailVerificationRequired: z.boolean(),
  message: z.string(),
});

/**
 * The public account name made from a business name: lower case letters, digits and dashes
 * ("Joe's Pizza & Co." → "joes-pizza-co"). A clash gets a number appended by the server.
 */
export function accountNameFrom(businessName: string): string {
  const slug = businessName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return slug || "business";
}
