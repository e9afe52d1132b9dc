import { TZDate } from "@date-fns/tz";
import { type QuietWindow, quietHoursRelease } from "./quiet-hours";

/**
 * When marketing texts may reach a person, by the law of the state they are in, read in their own
 * time zone. Federal (TCPA): 8am-9pm. Florida (FTSA), Oklahoma (OTSA), Maryland (Stop the Spam
 * Calls Act), Washington and Connecticut: 8am-8pm. Texas: 9am-9pm Monday to Saturday, noon-9pm on
 * Sunday. Florida, Oklahoma and Maryland also allow at most 3 marketing texts in a rolling 24 hours.
 * Transactional texts (codes, STOP/HELP answers, one-to-one replies) are not held by these.
 */
export interface StateSendRule {
  /** Allowed [start, end) minutes of the local day, by weekday (0 = Sunday). */
  allowed: readonly (readonly [number, number])[];
  /** Marketing texts allowed per rolling 24 hours, or null for no cap. */
  capPer24h: number | null;
}

const h = (hours: number) => hours * 60;
const everyDay = (start: number, end: number) =>
  Array.from({ length: 7 }, () => [h(start), h(end)] as const);

export const FEDERAL_RULE: StateSendRule = { allowed: everyDay(8, 21), capPer24h: null };

/** The states whose rules are stricter than the federal ones. Everything else is federal. */
export const STATE_SEND_RULES: Readonly<Record<string, StateSendRule>> = {
  FL: { allowed: everyDay(8, 20), capPer24h: 3 },
  OK: { allowed: everyDay(8, 20), capPer24h: 3 },
  MD: { allowed: everyDay(8, 20), capPer24h: 3 },
  WA: { allowed: everyDay(8, 20), capPer24h: null },
  CT: { allowed: everyDay(8, 20), capPer24h: null },
  TX: {
    allowed: [[h(12), h(21)], ...Array.from({ length: 6 }, () => [h(9), h(21)] as const)],
    capPer24h: null,
  },
};

export function sendRuleFor(state: string | null | undefined): StateSendRule {
  return (state && STATE_SEND_RULES[state.toUpperCase()]) || FEDERAL_RULE;
}

/** `at` when the rule allows it, else the start of the next allowed stretch in `timeZone`. */
export function nextAllowedByState(rule: StateSendRule, at: Date, timeZone: string): Date {
  const local = new TZDate(at.getTime(), timeZone);
  for (let dayOffset = 0; dayOffset < 8; dayOffset++) {
    const day = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + dayOffset,
      0,
      0,
      0,
      timeZone,
    );
    const [start, end] = rule.allowed[day.getDay()]!;
    if (dayOffset === 0) {
      const minute = local.getHours() * 60 + local.getMinutes();
      if (minute >= start && minute < end) return at;
      if (minute >= end) continue;
    }
    const opens = new TZDate(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      Math.floor(start / 60),
      start % 60,
      0,
      timeZone,
    );
    return new Date(opens.getTime());
  }
  return at;
}

/**
 * The first instant at or after `at` that both the law (`rule`; null where it does not apply) and
 * the account's own quiet hours allow, in the recipient's zone. Each only moves the time forward,
 * so alternating them settles within a few rounds.
 */
export function nextMarketingSlot(
  at: Date,
  rule: StateSendRule | null,
  timeZone: string,
  accountQuietHours: readonly QuietWindow[],
): Date {
  let current = at;
  for (let guard = 0; guard < 8; guard++) {
    const byState = rule ? nextAllowedByState(rule, current, timeZone) : current;
    const byAccount = accountQuietHours.length
      ? quietHoursRelease(accountQuietHours, byState, timeZone)
      : byState;
    if (byAccount.getTime() === current.getTime()) return current;
    current = byAccount;
  }
  return current;
}

/**
 * The legal hours that always hold for marketing texts, as Settings states them (the rules
 * above, read in each recipient's own time zone; replies and codes are not held).
 */
export const LEGAL_HOURS_TEXT: readonly string[] = [
  "Everywhere in the US (federal law): 8:00 AM to 9:00 PM.",
  "Florida, Oklahoma, Maryland, Washington and Connecticut: 8:00 AM to 8:00 PM.",
  "Texas: 9:00 AM to 9:00 PM Monday to Saturday, noon to 9:00 PM on Sunday.",
  "Florida, Oklahoma and Maryland: at most 3 marketing texts to a person in 24 hours.",
];
