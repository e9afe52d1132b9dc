import { intlLocale } from "../i18n";
import { useCurrentAccount } from "./current-account";

/**
 * Every date and time the app shows, in the account's time zone (never the browser's): the
 * inbox, the virtual phones and the mailbox show the same message at the same time. Times carry
 * the zone's name ('3:04 PM EST') so nobody reads them as their own local time. They are written
 * the way the user's language writes them ('5 mar 2025' in Spanish).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(
  timeZone: string,
  kind: string,
  opts: Intl.DateTimeFormatOptions,
  locale = intlLocale(),
) {
  const key = `${kind} ${timeZone} ${locale}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, ...opts });
    formats.set(key, f);
  }
  return f;
}

const at = (iso: string | Date) => (typeof iso === "string" ? new Date(iso) : iso);

/** 'Mar 5, 2025, 3:04 PM EST' */
export function formatDateTime(iso: string | Date, timeZone: string): string {
  return format(timeZone, "dateTime", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at(iso));
}

/** 'Mar 5, 2025' (the day in the account's zone). */
export function formatDay(iso: string | Date, timeZone: string): string {
  return format(timeZone, "day", { month: "short", day: "numeric", year: "numeric" }).format(
    at(iso),
  );
}

/** 'Mar 5' */
export function formatShortDay(iso: string | Date, timeZone: string): string {
  return format(timeZone, "shortDay", { month: "short", day: "numeric" }).format(at(iso));
}

/** '3:04 PM EST' */
export function formatTime(iso: string | Date, timeZone: string): string {
  return format(timeZone, "time", {
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at(iso));
}

/** 'Mar 5, 3:04 PM EST' */
export function formatDayTime(iso: string | Date, timeZone: string): string {
  return format(timeZone, "dayTime", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at(iso));
}

/** 'Tue, Mar 5' or 'Tue, Mar 5, 2024' (another year), for separators between days. */
export function formatWeekday(iso: string | Date, timeZone: string, withYear: boolean): string {
  return format(timeZone, withYear ? "weekdayYear" : "weekday", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: withYear ? "numeric" : undefined,
  }).format(at(iso));
}

/** The day as YYYY-MM-DD in the zone: compares days and names today's. */
export function dayKey(iso: string | Date, timeZone: string): string {
  // A key, not a text: the same digits whatever the user's language.
  const parts = format(
    timeZone,
    "key",
    { year: "numeric", month: "2-digit", day: "2-digit" },
    "en-US",
  ).formatToParts(at(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The account's IANA time zone; Eastern Time (the spec's default) until the account loads. */
export function useAccountTimeZone(): string {
  return useCurrentAccount()?.timezoneIana ?? "America/New_York";
}
