import { TZDate } from "@date-fns/tz";

/**
 * Quiet hours (spec doc 2 §4): [start, end] pairs of "HH:mm" local times. A window may cross
 * midnight (21:00-08:00); equal start and end means no window. Read in a time zone: the
 * recipient's where known, else the account's.
 */
export type QuietWindow = readonly [string, string];

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** The window covering minute-of-day `m`, if any, as [start, end] minutes. */
function coveringWindow(windows: readonly QuietWindow[], m: number): [number, number] | null {
  for (const [s, e] of windows) {
    const start = minutesOf(s);
    const end = minutesOf(e);
    if (start === end) continue;
    const inside = start < end ? m >= start && m < end : m >= start || m < end;
    if (inside) return [start, end];
  }
  return null;
}

/** Whether a local "HH:mm" falls inside quiet hours. */
export function isQuietTime(windows: readonly QuietWindow[], hhmm: string): boolean {
  return coveringWindow(windows, minutesOf(hhmm)) !== null;
}

/**
 * When a message due at `at` may go out: `at` itself outside quiet hours, else the instant the
 * covering window ends in `timeZone` (following on into a window that starts right then).
 */
export function quietHoursRelease(
  windows: readonly QuietWindow[],
  at: Date,
  timeZone: string,
): Date {
  let current = at;
  for (let guard = 0; guard < 8; guard++) {
    const local = new TZDate(current.getTime(), timeZone);
    const minute = local.getHours() * 60 + local.getMinutes();
    const window = coveringWindow(windows, minute);
    if (!window) return current;
    const [, end] = window;
    const dayOffset = minute < end ? 0 : 1;
    const release = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + dayOffset,
      Math.floor(end / 60),
      end % 60,
      0,
      timeZone,
    );
    current = new Date(release.getTime());
  }
  return current;
}
