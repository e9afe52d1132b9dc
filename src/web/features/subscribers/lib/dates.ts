import { dayKey } from "../../../lib/format-date-time";

/** Dates of the subscribers screens, shown in the account's time zone. */

export { formatDateTime, formatDay } from "../../../lib/format-date-time";

/** Today as YYYY-MM-DD in the zone (the latest day a date filter may name). */
export function todayIn(timeZone: string, now = new Date()): string {
  return dayKey(now, timeZone);
}

/** The years a date-attribute filter offers: those in the data and this year ±3 (doc 2 §9). */
export function yearOptions(fromData: number[], thisYear: number): number[] {
  const all = new Set(fromData);
  for (let y = thisYear - 3; y <= thisYear + 3; y++) all.add(y);
  return [...all].sort((a, b) => b - a);
}
