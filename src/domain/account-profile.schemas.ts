import { z } from "zod";
import { INDUSTRIES } from "./industries";
import { toE164 } from "./phone";
import { SIGNUP_TEXT, timezoneIdField } from "./signup.schemas";

/** The message deadline choices of Settings (accounts.message_validity_minutes). */
export const MESSAGE_VALIDITY_MINUTES = [30, 60, 120, 240, 480, 720, 1440] as const;

/** Settings → Business profile: what the business told us at sign-up, editable by an admin. */
export const accountProfile = z.object({
  accountName: z.string(),
  businessName: z.string(),
  email: z.string(),
  industry: z.number().nullable(),
  timezoneId: z.number(),
  businessPhone: z.string().nullable(),
  messageValidityMinutes: z.number(),
});
export type AccountProfile = z.infer<typeof accountProfile>;

export const accountProfileUpdate = z.object({
  businessName: z.string().trim().min(1, SIGNUP_TEXT.businessNameRequired).max(100),
  email: z.string().trim().max(254).pipe(z.email("Enter a valid e-mail address")),
  industry: z
    .number({ message: SIGNUP_TEXT.industryRequired })
    .int()
    .refine((id) => INDUSTRIES.some((i) => i.id === id), SIGNUP_TEXT.industryRequired),
  timezoneId: timezoneIdField,
  businessPhone: z
    .string()
    .trim()
    .max(30)
    .refine((v) => v === "" || toE164(v) !== null, SIGNUP_TEXT.phoneInvalid)
    .transform((v) => (v === "" ? null : (toE164(v) as string))),
  messageValidityMinutes: z
    .number()
    .int()
    .refine(
      (m) => (MESSAGE_VALIDITY_MINUTES as readonly number[]).includes(m),
      "Choose one of the offered deadlines",
    ),
});
export type AccountProfileUpdate = z.input<typeof accountProfileUpdate>;
