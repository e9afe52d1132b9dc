/** Date inputs of the filter forms (spec doc 2 §5): accepted formats, bounds and messages. */
export const DATE_MESSAGES = {
  invalid: "Invalid date supplied.",
  future: "You may not select future dates.",
  tooFarFuture: "Inputted date is too far in the future.",
  past: "You may not select past dates.",
  tooFarPast: "Inputted date is too far in the past.",
  startAfterEnd: "Start date must be before end date.",
} as const;

/** Earliest and latest dates a person may type (inclusive), as YYYY-MM-DD. */
export const EARLIEST_DATE = "2000-01-01";
export const LATEST_DATE = "2099-12-12";

export interface DateRules {
  disableFuture?: boolean;
  disablePast?: boolean;
  /** Today as YYYY-MM-DD, in the account's time zone. */
  today?: string;
  /** A lower bound other than 01/01/2000 (birthdays and other attribute dates go further back). */
  earliest?: string;
}

/** The earliest date an attribute of type date may hold. */
export const EARLIEST_ATTRIBUTE_DATE = "1900-01-01";

export type DateResult = { ok: true; date: string } | { ok: false; message: string };

/**
 * Reads M/D/YYYY, MM/DD/YYYY (the API format) and their two-digit-year forms, and YYYY-MM-DD
 * (the format used everywhere else), into YYYY-MM-DD. Two-digit years are 20YY: the earliest
 * date allowed is in 2000 anyway.
 */
export function parseDateInput(input: string, rules: DateRules = {}): DateResult {
  const text = input.trim();
  let y: number;
  let m: number;
  let d: number;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (us) {
    m = Number(us[1]);
    d = Number(us[2]);
    y = us[3]!.length === 2 ? twoDigitYear(Number(us[3]), rules) : Number(us[3]);
  } else if (iso) {
    y = Number(iso[1]);
    m = Number(iso[2]);
    d = Number(iso[3]);
  } else {
    return { ok: false, message: DATE_MESSAGES.invalid };
  }
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) {
    return { ok: false, message: DATE_MESSAGES.invalid };
  }
  const date = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  if (rules.disableFuture && rules.today && date > rules.today) {
    return { ok: false, message: DATE_MESSAGES.future };
  }
  if (rules.disablePast && rules.today && date < rules.today) {
    return { ok: false, message: DATE_MESSAGES.past };
  }
  if (date > LATEST_DATE) return { ok: false, message: DATE_MESSAGES.tooFarFuture };
  if (date < (rules.earliest ?? EARLIEST_DATE))
    return { ok: false, message: DATE_MESSAGES.tooFarPast };
  return { ok: true, date };
}

/**
 * 20YY in the filter forms (their dates start in 2000); for dates that reach further back
 * (birthdays), a year after this one's two digits is read as 19YY: '5/5/85' is 1985.
 */
function twoDigitYear(yy: number, rules: DateRules): number {
  if (!rules.earliest || rules.earliest >= EARLIEST_DATE) return 2000 + yy;
  const now = rules.today ? Number(rules.today.slice(2, 4)) : new Date().getUTCFullYear() % 100;
  return yy > now ? 1900 + yy : 2000 + yy;
}

/** MM/DD/YYYY, the API's date format (spec doc 1 §9), from YYYY-MM-DD. */
export function toApiDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${m}/${d}/${y}`;
}
