import { appLocale } from "../../../i18n";
import { dayKey, formatDayTime, formatShortDay, formatTime } from "../../../lib/format-date-time";

/** Times in the inbox, in the account's time zone (named). */

/** Today: '3:04 PM EST'; this year: 'Mar 5'; older: '3/5/24' ('5/3/24' in Spanish). */
export function shortTime(iso: string, timeZone: string, now = new Date()): string {
  const day = dayKey(iso, timeZone);
  const today = dayKey(now, timeZone);
  if (day === today) return formatTime(iso, timeZone);
  if (day.slice(0, 4) === today.slice(0, 4)) return formatShortDay(iso, timeZone);
  const [y, m, d] = day.split("-").map(Number);
  const yy = String(y).slice(-2);
  return appLocale() === "es" ? `${d}/${m}/${yy}` : `${m}/${d}/${yy}`;
}

/** 'Mar 5, 3:04 PM EST' under each message. */
export function messageTime(iso: string, timeZone: string): string {
  return formatDayTime(iso, timeZone);
}
