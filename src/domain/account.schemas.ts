import { z } from "zod";
import { localeSchema } from "./locale";

export const BRAND_REGISTRATION_STATUS = ["unseen", "skipped", "complete"] as const;
export const FORBIDDEN_REASONS = [
  "expired_trial",
  "disabled",
  "declined_card",
  "expired_card",
  "paused",
  "canceled",
] as const;

/** getMeLite: the account fields of spec doc 1 §3, plus who is signed in. */
export const accountLite = z.object({
  id: z.number(),
  userId: z.number(),
  user: z.object({
    email: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    permissionLevel: z.number(),
    /** The language the app speaks to this user. */
    locale: localeSchema,
  }),
  email: z.string(),
  accountName: z.string(),
  businessName: z.string(),
  timezone: z.string(),
  timezoneId: z.number(),
  timezoneIana: z.string(),
  industry: z.number().nullable(),
  brandRegistrationStatus: z.enum(BRAND_REGISTRATION_STATUS),
  isWebinarCustomer: z.boolean(),
  isImpersonating: z.boolean(),
  /** While impersonating: the business name of the parent account the banner returns to. */
  returnToName: z.string().optional(),
  isTestAccount: z.boolean(),
  superUser: z.boolean(),
  restrictedUser: z.boolean(),
  isTSI: z.boolean(),
  isDeveloper: z.boolean(),
  hubspotStatus: z.string().nullable(),
  disableMessageExtras: z.boolean(),
  isParentAccount: z.boolean(),
  parentAccountId: z.number().nullable(),
  subscriptionType: z.string(),
  dedicatedTollFree: z.boolean(),
  isAutoRenewEnabled: z.boolean(),
  phoneAlerts: z.boolean(),
  forbiddenReason: z.enum(FORBIDDEN_REASONS).nullable(),
  trialEndsAt: z.string().nullable(),
  /** The built-in carrier emulator is the carrier (no real one configured): virtual phones exist. */
  carrierEmulator: z.boolean(),
  /** The configured carrier places calls (voice broadcasts); false for a texts-only carrier. */
  carrierVoice: z.boolean(),
});
export type AccountLite = z.infer<typeof accountLite>;

export const settingResponse = z.object({
  name: z.string(),
  value: z.unknown(),
  enabled: z.boolean(),
});
export type SettingResponse = z.infer<typeof settingResponse>;

export const settingWrite = z.object({ val: z.unknown() });
