import { TZDate } from "@date-fns/tz";
import { decideOutbound, LANE, type OutboundFacts } from "./outbound-policy";
import { type InnerPhrase, type Phrase, phrase, type Worded, worded } from "./phrase";
import { type QuietWindow, quietHoursRelease } from "./quiet-hours";
import {
  FEDERAL_RULE,
  nextAllowedByState,
  nextMarketingSlot,
  type StateSendRule,
  sendRuleFor,
} from "./send-windows";
import { US_STATES } from "./us-states";

/**
 * Why a queued text has not gone yet, and when it will: asked of the same rule the dispatcher
 * uses (decideOutbound), so what a screen says is what the dispatcher will do.
 */
export type WaitCode =
  /** The recipient's legal hours (federal or their state's). */
  | "legal_hours"
  /** The recipient's state allows only so many marketing texts a day. */
  | "state_cap"
  /** T-Mobile's daily cap for the brand is reached (the recipient is on T-Mobile). */
  | "carrier_cap"
  /** The account's own quiet hours. */
  | "quiet_hours"
  /** The account paused all sending ('Pause all sending'): held until it resumes. */
  | "paused"
  /** Its turn on the sending number has not come: texts ahead of it go first. */
  | "pacing"
  /** It cannot go before its deadline, so it will expire. */
  | "deadline";

export interface WaitReason extends Worded {
  code: WaitCode;
  /** When it goes (null: not known, as for a paused account). */
  until: Date | null;
  /** What a person reads: "waiting for 8:00 AM CT (Texas legal hours)"; key and values word it. */
  text: string;
}

export interface WaitFacts extends OutboundFacts {
  /** Texts on the same sending number that go before this one. */
  aheadOnNumber: number;
  /** When its turn on the number comes (the number's pace); null when due now. */
  turnAt: Date | null;
  /** The account paused all sending and this is a marketing text. */
  paused: boolean;
}

/** US zones by their short name, for "8:00 AM CT". */
const ZONE_SHORT: Readonly<Record<string, string>> = {
  "America/New_York": "ET",
  "America/Detroit": "ET",
  "America/Indiana/Indianapolis": "ET",
  "America/Kentucky/Louisville": "ET",
  "America/Chicago": "CT",
  "America/Denver": "MT",
  "America/Boise": "MT",
  "America/Phoenix": "MT",
  "America/Los_Angeles": "PT",
  "America/Anchorage": "AKT",
  "Pacific/Honolulu": "HT",
  "America/Puerto_Rico": "AT",
};

const AT_WEEKDAY = [
  "{{time}} Sunday {{zone}}",
  "{{time}} Monday {{zone}}",
  "{{time}} Tuesday {{zone}}",
  "{{time}} Wednesday {{zone}}",
  "{{time}} Thursday {{zone}}",
  "{{time}} Friday {{zone}}",
  "{{time}} Saturday {{zone}}",
] as const;

/** "8:00 AM CT", with the weekday when it is not today in that zone. */
export function localTimeLabel(at: Date, timeZone: string, now: Date): InnerPhrase {
  const local = new TZDate(at.getTime(), timeZone);
  const today = new TZDate(now.getTime(), timeZone);
  const h = local.getHours();
  const m = String(local.getMinutes()).padStart(2, "0");
  const time = `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? "AM" : "PM"}`;
  const zone = ZONE_SHORT[timeZone] ?? timeZone;
  const sameDay =
    local.getFullYear() === today.getFullYear() &&
    local.getMonth() === today.getMonth() &&
    local.getDate() === today.getDate();
  return {
    key: sameDay ? "{{time}} {{zone}}" : (AT_WEEKDAY[local.getDay()] ?? "{{time}} {{zone}}"),
    values: { time, zone },
  };
}

/** "8:00 AM" in that zone (the composer's "their time"). */
function localClock(at: Date, timeZone: string): string {
  const local = new TZDate(at.getTime(), timeZone);
  const h = local.getHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${String(local.getMinutes()).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

function stateName(code: string | null): string | null {
  if (!code) return null;
  return US_STATES.find((s) => s.code === code.toUpperCase())?.name ?? null;
}

/** "Texas legal hours" where the state has its own, else "federal legal hours". */
function legalHoursName(state: string | null, rule: StateSendRule): InnerPhrase {
  const name = stateName(state);
  return rule !== FEDERAL_RULE && name
    ? { key: "{{state}} legal hours", values: { state: name } }
    : { key: "federal legal hours", values: {} };
}

/**
 * Why this queued message waits, or null when the dispatcher would send it now. The order is
 * the dispatcher's: a paused account holds marketing first, then the rule (legal hours, a state's
 * cap, the account's quiet hours, the deadline), then the number's pace.
 */
export function explainWait(f: WaitFacts, now: Date): WaitReason | null {
  const zone = f.recipient.timeZone;
  if (f.paused && f.lane === LANE.marketing)
    return {
      code: "paused",
      until: null,
      ...worded(phrase("held: sending is paused for this account (it goes when sending resumes)")),
    };
  const decision = decideOutbound(f, now);
  if (decision.kind === "drop")
    return decision.reason === "deadline"
      ? {
          code: "deadline",
          until: f.deadline,
          ...worded(
            phrase("will expire at {{at}}: it cannot go before its deadline", {
              at: localTimeLabel(f.deadline, zone, now),
            }),
          ),
        }
      : null;
  if (decision.kind === "hold") {
    const at = localTimeLabel(decision.until, zone, now);
    // Given its validity again when it goes (outbound-policy.ts): it does not expire for this wait.
    if (decision.reason === "carrier_cap")
      return {
        code: "carrier_cap",
        until: decision.until,
        ...worded(
          phrase(
            "T-Mobile's daily limit for your brand ({{cap}} texts a day) is reached; waiting for {{at}}",
            { cap: f.carrierCap?.cap ?? 0, at },
          ),
        ),
      };
    // Soon after it may go, its deadline passes: said in the same sentence.
    const expiresSoon = f.deadline.getTime() - decision.until.getTime() < 3600_000;
    const waitingFor = (key: string, key_expiring: string, values: Phrase["values"]) =>
      worded(
        expiresSoon
          ? phrase(key_expiring, { ...values, at, expires: localTimeLabel(f.deadline, zone, now) })
          : phrase(key, { ...values, at }),
      );
    if (decision.reason === "frequency_cap") {
      const rule = sendRuleFor(f.recipient.state);
      const state = stateName(f.recipient.state);
      return {
        code: "state_cap",
        until: decision.until,
        ...(state
          ? waitingFor(
              "waiting for {{at}} ({{state}} allows {{cap}} marketing texts a day)",
              "waiting for {{at}} ({{state}} allows {{cap}} marketing texts a day); it expires at {{expires}}",
              { state, cap: rule.capPer24h ?? 0 },
            )
          : waitingFor(
              "waiting for {{at}} (The state allows {{cap}} marketing texts a day)",
              "waiting for {{at}} (The state allows {{cap}} marketing texts a day); it expires at {{expires}}",
              { cap: rule.capPer24h ?? 0 },
            )),
      };
    }
    // Quiet hours: the law's, or the account's own when the law allows it now.
    const rule = f.lawfulHours ? sendRuleFor(f.recipient.state) : null;
    const byLaw = rule ? nextAllowedByState(rule, now, zone) : now;
    if (rule && byLaw.getTime() > now.getTime())
      return {
        code: "legal_hours",
        until: decision.until,
        ...waitingFor(
          "waiting for {{at}} ({{hours}})",
          "waiting for {{at}} ({{hours}}); it expires at {{expires}}",
          { hours: legalHoursName(f.recipient.state, rule) },
        ),
      };
    const byAccount = quietHoursRelease(f.accountQuietHours, now, zone);
    if (byAccount.getTime() > now.getTime())
      return {
        code: "quiet_hours",
        until: decision.until,
        ...waitingFor(
          "waiting for {{at}} (your quiet hours)",
          "waiting for {{at}} (your quiet hours); it expires at {{expires}}",
          {},
        ),
      };
    return {
      code: "legal_hours",
      until: decision.until,
      ...waitingFor("waiting for {{at}}", "waiting for {{at}}; it expires at {{expires}}", {}),
    };
  }
  const ahead = f.aheadOnNumber;
  if (f.turnAt && f.turnAt.getTime() > now.getTime())
    return {
      code: "pacing",
      until: f.turnAt,
      ...worded(
        phrase(
          ahead === 1
            ? "waiting behind {{ahead}} text on its number (about {{at}})"
            : "waiting behind {{ahead}} texts on its number (about {{at}})",
          { ahead, at: localTimeLabel(f.turnAt, zone, now) },
        ),
      ),
    };
  if (ahead > 0)
    return {
      code: "pacing",
      until: null,
      ...worded(
        phrase(
          ahead === 1
            ? "waiting behind {{ahead}} text on its number"
            : "waiting behind {{ahead}} texts on its number",
          { ahead },
        ),
      ),
    };
  return null;
}

/** Recipients who share a state and zone (one area code, say), counted once. */
export interface RecipientGroup {
  state: string | null;
  timeZone: string;
  /** How many recipients are in the group (1 when absent). */
  count?: number;
}

/** What the dispatcher applies to a marketing send's recipients, besides their state and zone. */
export interface HoursRules {
  /** Whether the law's hours apply (SEND_WINDOWS=law). */
  lawfulHours: boolean;
  /** The account's own quiet hours, unless the send ignores them. */
  quietHours: readonly QuietWindow[];
}

/**
 * The composer's word before sending: how many of these recipients may not get it now (outside
 * their legal hours, or inside the account's quiet hours in their zone) and when the first of
 * them opens ("37 of 200 recipients are outside legal hours now; they get it from 8:00 AM their
 * time"). Null when everyone may get it now. The dispatcher's own rule (nextMarketingSlot, as
 * the fan-out asks it), so what it warns of is what the dispatcher holds.
 */
export function outsideHoursNote(
  recipients: readonly RecipientGroup[],
  now: Date,
  rules: HoursRules,
): Worded | null {
  let byLaw = 0;
  let byAccount = 0;
  let total = 0;
  let earliest: string | null = null;
  let earliestMinutes = Number.POSITIVE_INFINITY;
  for (const r of recipients) {
    const n = r.count ?? 1;
    total += n;
    if (n === 0) continue;
    const rule = rules.lawfulHours ? sendRuleFor(r.state) : null;
    const opens = nextMarketingSlot(now, rule, r.timeZone, rules.quietHours);
    if (opens.getTime() === now.getTime()) continue;
    // Named as explainWait names it: the law's when the law holds it now, else the account's.
    if (rule && nextAllowedByState(rule, now, r.timeZone).getTime() > now.getTime()) byLaw += n;
    else byAccount += n;
    const local = new TZDate(opens.getTime(), r.timeZone);
    const minutes = local.getHours() * 60 + local.getMinutes();
    if (minutes < earliestMinutes) {
      earliestMinutes = minutes;
      earliest = localClock(opens, r.timeZone);
    }
  }
  const outside = byLaw + byAccount;
  if (!outside) return null;
  const why: InnerPhrase = {
    key:
      byLaw && byAccount
        ? "outside legal hours or in your quiet hours"
        : byLaw
          ? "outside legal hours"
          : "in your quiet hours",
    values: {},
  };
  const who: InnerPhrase =
    total === 1
      ? { key: "The recipient is", values: {} }
      : outside === total
        ? { key: "All {{total}} recipients are", values: { total } }
        : {
            key:
              outside === 1
                ? "{{outside}} of {{total}} recipients is"
                : "{{outside}} of {{total}} recipients are",
            values: { outside, total },
          };
  return worded(
    phrase("{{who}} {{why}} now; they get it from {{time}} their time", {
      who,
      why,
      time: earliest ?? "",
    }),
  );
}

/**
 * How long the number takes to hand these texts to the carrier at its pace (texts a second, the
 * dispatcher's rate for the number): "about 4 minutes at this number's pace". Null for no texts.
 */
export function paceEstimate(texts: number, perSecond: number): Worded | null {
  if (texts <= 0 || perSecond <= 0) return null;
  const seconds = texts / perSecond;
  const rate: InnerPhrase =
    perSecond >= 1
      ? {
          key: perSecond === 1 ? "{{n}} text a second" : "{{n}} texts a second",
          values: { n: Math.round(perSecond * 10) / 10 },
        }
      : { key: "{{n}} texts a minute", values: { n: Math.round(perSecond * 60 * 10) / 10 } };
  let span: InnerPhrase;
  if (seconds < 60) span = { key: "under a minute", values: {} };
  else if (seconds < 90 * 60) {
    const n = Math.round(seconds / 60);
    span = { key: n === 1 ? "about {{n}} minute" : "about {{n}} minutes", values: { n } };
  } else {
    const n = Math.round((seconds / 3600) * 10) / 10;
    span = { key: n === 1 ? "about {{n}} hour" : "about {{n}} hours", values: { n } };
  }
  return worded(phrase("{{span}} at this number's pace ({{rate}})", { span, rate }));
}
