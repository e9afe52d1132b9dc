import { z } from "zod";
import { AUTH_TEXT, newPassword } from "./auth.schemas";
import { SIGNUP_TEXT, timezoneIdField } from "./signup.schemas";
import { USER_TEXT, usernameField } from "./users.schemas";

/**
 * Texts of the first-owner setup page (/setup/<token>): the link a fresh install prints in its
 * log at start, good once, for a day, until the next start prints another.
 */
export const SETUP_TEXT = {
  unknown:
    "This setup link is not valid. Copy the whole link from the latest lines Parley printed when it started.",
  replaced:
    "This setup link was replaced: Parley printed a newer one when it started again. Use the link from its latest start.",
  expired:
    "This setup link has expired (links are good for 24 hours). Restart Parley to print a new one, or create the owner with `npm run admin -- create-account`.",
  used: "This setup link was used already: this Parley has its owner. Log in instead.",
  ownerExists: "This Parley already has its owner. Log in instead.",
} as const;

/** Why a setup link cannot be used (the `reason` of the refusal, one text each above). */
export const SETUP_LINK_REFUSALS = [
  "unknown",
  "replaced",
  "expired",
  "used",
  "ownerExists",
] as const;
export type SetupLinkRefusal = (typeof SETUP_LINK_REFUSALS)[number];

/** The business and its owner, as the setup page sends them. */
export const setupRequest = z.object({
  businessName: z.string().trim().min(1, SIGNUP_TEXT.businessNameRequired).max(100),
  username: usernameField,
  email: z
    .string()
    .trim()
    .min(1, AUTH_TEXT.emailRequired)
    .max(254)
    .pipe(z.email(AUTH_TEXT.invalidEmailAddress)),
  password: z.string().min(1, USER_TEXT.passwordRequired).pipe(newPassword),
  timezoneId: timezoneIdField,
  deviceId: z.string().trim().max(100).optional(),
});
export type SetupRequest = z.input<typeof setupRequest>;

export const setupLinkResponse = z.object({ ok: z.literal(true), expiresAt: z.string() });

export const setupResponse = z.object({
  ok: z.literal(true),
  accountName: z.string(),
  /** The owner is signed in on this device (else a sign-in step is owed first). */
  signedIn: z.boolean(),
});
