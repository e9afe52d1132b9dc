/** Times in the inbox, in the account's time zone. */

function parts(iso: string, timeZone: string, opts: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat("en-US", { timeZone, ...opts }).format(new Date(iso));
}

function dayKey(d: Date, timeZone: string) {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(d);
}

/** Today: '3:04 PM'; this year: 'Mar 5'; older: '3/5/24'. */
export function shortTime(iso: string, timeZone: string, now = new Date()): string {
  const d = new Date(iso);
  if (dayKey(d, timeZone) === dayKey(now, timeZone)) {
    return parts(iso, timeZone, { hour: "numeric", minute: "2-digit" });
  }
  const sameYear =
    parts(iso, timeZone, { year: "numeric" }) ===
    parts(now.toISOString(), timeZone, { year: "numeric" });
  return sameYear
    ? parts(iso, timeZone, { month: "short", day: "numeric" })
    : parts(iso, timeZone, { month: "numeric", day: "numeric", year: "2-digit" });
}

/** 'Mar 5, 3:04 PM' under each message. */
export function messageTime(iso: string, timeZone: string): string {
  return parts(iso, timeZone, {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
