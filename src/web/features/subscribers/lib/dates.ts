/** Dates of the subscribers screens, shown in the account's time zone. */

/** 'Mar 5, 2025' */
export function formatDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(iso));
}

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

/** Today as YYYY-MM-DD in the zone (the latest day a date filter may name). */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The years a date-attribute filter offers: those in the data and this year ±3 (doc 2 §9). */
export function yearOptions(fromData: number[], thisYear: number): number[] {
  const all = new Set(fromData);
  for (let y = thisYear - 3; y <= thisYear + 3; y++) all.add(y);
  return [...all].sort((a, b) => b - a);
}
