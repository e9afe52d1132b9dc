import { TZDate } from "@date-fns/tz";
// rrule's "main" is a UMD bundle whose exports Node sees only as `default`, and its "module" has
// no default export (so reaching for `.default` made the web build warn on every start). Its
// ES-module build, imported by path, gives named exports to vite and to tsx alike.
import {
  Frequency,
  RRule,
  type Options as RRuleOptions,
  type Weekday,
} from "rrule/dist/esm/index.js";

/**
 * Repeat rules of the send form (spec doc 2 §3, §5) as RFC 5545 rules. Rules are computed on
 * wall-clock times (rrule's "floating" dates) and each occurrence is then placed in the send's
 * time zone, so a 9:00 weekly send stays at 9:00 across daylight-saving changes.
 */
export const REPEAT_FREQUENCIES = [
  "never",
  "daily",
  "weekly",
  "biweekly",
  "monthly",
  "annually",
  "custom",
] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

export const REPEAT_LABELS: Record<RepeatFrequency, string> = {
  custom: "Custom",
  never: "Don't Repeat",
  daily: "Every Day",
  weekly: "Every Week",
  biweekly: "Every 2 Weeks",
  monthly: "Every Month",
  annually: "Once Per Year",
};

export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type WeekdayName = (typeof WEEKDAYS)[number];
export type WeekdayFlags = Partial<Record<WeekdayName, boolean>>;

export interface RepeatInput {
  repeatFrequency: RepeatFrequency;
  repeatDays?: WeekdayFlags;
  /** Monthly: 'day' (the same date) or 'week' (e.g. the 2nd Tuesday). */
  repeatType?: string | null;
  customRepeatFrequencyType?: "weeks" | "months" | "years" | null;
  customRepeatFrequency?: number | null;
  customRepeatDays?: WeekdayFlags;
  customEndMessageType?: "never" | "date" | "occurrences" | null;
  /** YYYY-MM-DD */
  customEndMessageDate?: string | null;
  customEndMessageOccurrences?: number | null;
}

/** A wall-clock date and time: YYYY-MM-DD and HH:mm. */
export interface WallTime {
  date: string;
  time: string;
}

const RRULE_DAYS: Weekday[] = [
  RRule.MO,
  RRule.TU,
  RRule.WE,
  RRule.TH,
  RRule.FR,
  RRule.SA,
  RRule.SU,
];

function floating({ date, time }: WallTime): Date {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  return new Date(Date.UTC(y!, mo! - 1, d!, h ?? 0, mi ?? 0));
}

function days(flags: WeekdayFlags | undefined): Weekday[] {
  return WEEKDAYS.flatMap((name, i) => (flags?.[name] ? [RRULE_DAYS[i]!] : []));
}

/** The weekday of a floating date (rrule's Monday-first index). */
function weekdayOf(start: Date): Weekday {
  return RRULE_DAYS[(start.getUTCDay() + 6) % 7]!;
}

/** "The 31st" in a 30-day month falls on its last day: the smaller of the day and the last day. */
function dayOfMonth(start: Date): Partial<RRuleOptions> {
  const day = start.getUTCDate();
  return day >= 29 ? { bymonthday: [day, -1], bysetpos: [1] } : { bymonthday: [day] };
}

/** "The 2nd Tuesday" of the start date's month; a 5th one is read as the last. */
function weekOfMonth(start: Date): Partial<RRuleOptions> {
  const nth = Math.ceil(start.getUTCDate() / 7);
  return { byweekday: [weekdayOf(start).nth(nth >= 5 ? -1 : nth)] };
}

/** The rule of a repeating send, or null when it runs once. */
export function buildRepeatRule(input: RepeatInput, start: WallTime): string | null {
  const dtstart = floating(start);
  const base: Partial<RRuleOptions> = { dtstart };
  let options: Partial<RRuleOptions>;
  const monthly = input.repeatType === "week" ? weekOfMonth(dtstart) : dayOfMonth(dtstart);
  switch (input.repeatFrequency) {
    case "never":
      return null;
    case "daily":
      options = { freq: Frequency.DAILY };
      break;
    case "weekly":
    case "biweekly": {
      const chosen = days(input.repeatDays);
      options = {
        freq: Frequency.WEEKLY,
        interval: input.repeatFrequency === "biweekly" ? 2 : 1,
        byweekday: chosen.length ? chosen : [weekdayOf(dtstart)],
        wkst: RRule.MO,
      };
      break;
    }
    case "monthly":
      options = { freq: Frequency.MONTHLY, ...monthly };
      break;
    case "annually":
      options = {
        freq: Frequency.YEARLY,
        bymonth: [dtstart.getUTCMonth() + 1],
        ...dayOfMonth(dtstart),
      };
      break;
    case "custom": {
      const interval = input.customRepeatFrequency ?? 1;
      const unit = input.customRepeatFrequencyType ?? "weeks";
      if (unit === "weeks") {
        const chosen = days(input.customRepeatDays);
        options = {
          freq: Frequency.WEEKLY,
          interval,
          byweekday: chosen.length ? chosen : [weekdayOf(dtstart)],
          wkst: RRule.MO,
        };
      } else if (unit === "months") {
        options = { freq: Frequency.MONTHLY, interval, ...monthly };
      } else {
        options = {
          freq: Frequency.YEARLY,
          interval,
          bymonth: [dtstart.getUTCMonth() + 1],
          ...dayOfMonth(dtstart),
        };
      }
      if (input.customEndMessageType === "date" && input.customEndMessageDate) {
        options.until = floating({ date: input.customEndMessageDate, time: "23:59" });
      } else if (
        input.customEndMessageType === "occurrences" &&
        input.customEndMessageOccurrences
      ) {
        options.count = input.customEndMessageOccurrences;
      }
      break;
    }
  }
  return new RRule({ ...base, ...options }).toString();
}

/** A floating (wall-clock) date placed in a time zone: the real instant. */
function placeInZone(wall: Date, timeZone: string): Date {
  return new Date(
    new TZDate(
      wall.getUTCFullYear(),
      wall.getUTCMonth(),
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      0,
      timeZone,
    ).getTime(),
  );
}

/** The instant of a wall-clock date and time in a zone. */
export function wallTimeToInstant(wall: WallTime, timeZone: string): Date {
  return placeInZone(floating(wall), timeZone);
}

/** The instant as wall-clock date and time in a zone. */
export function instantToWallTime(at: Date, timeZone: string): WallTime {
  const local = new TZDate(at.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}

/** The first occurrence strictly after `after`, or null when the rule has ended. */
export function nextOccurrence(rule: string, timeZone: string, after: Date): Date | null {
  const parsed = RRule.fromString(rule);
  // Move `after` into floating wall time of the zone, ask rrule, place the answer back.
  const wallAfter = floating(instantToWallTime(after, timeZone));
  let candidate = parsed.after(new Date(wallAfter.getTime() - 60_000), true);
  // Minute resolution: skip occurrences not strictly after `after` once placed in the zone.
  for (let guard = 0; candidate && guard < 4; guard++) {
    const placed = placeInZone(candidate, timeZone);
    if (placed.getTime() > after.getTime()) return placed;
    candidate = parsed.after(candidate, false);
  }
  return null;
}

/** The first `count` occurrences from the start (for previews and tests). */
export function occurrences(rule: string, timeZone: string, count: number): Date[] {
  const parsed = RRule.fromString(rule);
  return parsed.all((_, i) => i < count).map((d) => placeInZone(d, timeZone));
}
