import type { AccountLite } from "../../../domain/account.schemas";
import { BRAND_REGISTRATION_STATUS, FORBIDDEN_REASONS } from "../../../domain/account.schemas";
import { PERMISSION_LEVEL } from "../../../domain/permissions";
import { timezoneById, utcOffset } from "../../../domain/timezones";
import type { users } from "../users/users.public";
import type { accounts } from "./account.schema";

type AccountRow = typeof accounts.$inferSelect;
type UserRow = typeof users.$inferSelect;

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T | null) {
  return (allowed as readonly string[]).includes(value ?? "") ? (value as T) : fallback;
}

/** Decides what of an account and its user leaves the server (never the raw rows). */
export function toAccountLite(
  account: AccountRow,
  user: UserRow,
  carrier: { emulator: boolean; voice: boolean },
  now: Date,
  place: { isImpersonating: boolean; isParent: boolean; dedicatedTollFree: boolean } = {
    isImpersonating: false,
    isParent: false,
    dedicatedTollFree: false,
  },
): AccountLite {
  const tz = timezoneById(account.timezoneId);
  return {
    id: account.id,
    userId: user.id,
    user: {
      email: user.email,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      permissionLevel: user.permissionLevel,
      locale: user.locale === "es" ? "es" : "en",
    },
    email: account.email,
    accountName: account.accountName,
    businessName: account.businessName,
    timezone: utcOffset(tz.iana, now),
    timezoneId: tz.id,
    timezoneIana: tz.iana,
    industry: account.industry,
    brandRegistrationStatus: oneOf(
      BRAND_REGISTRATION_STATUS,
      account.brandRegistrationStatus,
      "unseen",
    )!,
    isWebinarCustomer: account.isWebinarCustomer,
    isImpersonating: place.isImpersonating,
    isTestAccount: account.isTestAccount,
    superUser: user.permissionLevel === PERMISSION_LEVEL.OWNER,
    restrictedUser: user.restricted,
    isTSI: account.isTsi,
    isDeveloper: account.isDeveloper,
    hubspotStatus: account.hubspotStatus,
    disableMessageExtras: account.disableMessageExtras,
    isParentAccount: account.parentAccountId === null && place.isParent,
    parentAccountId: account.parentAccountId,
    subscriptionType: account.subscriptionType,
    dedicatedTollFree: place.dedicatedTollFree,
    isAutoRenewEnabled: account.isAutoRenewEnabled,
    phoneAlerts: account.phoneAlerts,
    forbiddenReason: oneOf(FORBIDDEN_REASONS, account.forbiddenReason, null),
    trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
    carrierEmulator: carrier.emulator,
    carrierVoice: carrier.voice,
  };
}
