import { useCurrentAccount } from "./current-account";

/** Dates of lists (imports, exports, unhealthy subscribers), shown in the account's time zone. */

/** 'Mar 5, 2025, 3:04 PM' */
export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** The account's IANA time zone; Eastern Time (the spec's default) until the account loads. */
export function useAccountTimeZone(): string {
  return useCurrentAccount()?.timezoneIana ?? "America/New_York";
}
