import { type CarrierCapFacts, overCap, tmobileDay } from "./carrier-cap";
import type { DeliveryStatus } from "./delivery-status";
import type { QuietWindow } from "./quiet-hours";
import { nextMarketingSlot, sendRuleFor } from "./send-windows";

/**
 * Every outgoing text is one of two classes. Transactional texts (sign-in codes, STOP/HELP/START
 * answers, one-to-one inbox replies, test sends, keyword confirmations) go first on their number
 * and are never held by quiet hours; marketing texts (campaigns, welcome texts, automations) wait
 * behind them, keep to the recipient's legal hours and caps, and expire at their deadline.
 */
export type MessageClass = "transactional" | "marketing";

/** Dispatch lanes: lower goes first on the same sending number. */
export const LANE: Record<MessageClass, number> = { transactional: 0, marketing: 1 };

const TRANSACTIONAL_SOURCES = new Set([
  "compliance",
  "two_factor",
  "phone_verification",
  "test",
  "inbox",
  "seed",
  "keyword_reply",
  // An automated reply answers the person's own text, as a keyword reply does (drip and
  // workflow texts are "automation": marketing).
  "auto_reply",
  // A chatbot's answer to the person's text, in the conversation they are having with it.
  "chatbot",
  // Growth tools: a sign-up's confirmation question and welcome, a popup's confirmation code.
  "optin_reply",
  "optin_code",
  // Phone alerts add-on: the owner's own alert that a reply arrived.
  "phone_alert",
]);

/** The class of a message by what created it (messages.source). */
export function classOfSource(source: string): MessageClass {
  return TRANSACTIONAL_SOURCES.has(source) ? "transactional" : "marketing";
}

/** Twilio's code for a message that could not be sent within its validity period. */
export const EXPIRED_ERROR_CODE = 30001;

/** What the dispatcher knows of one claimed message when it decides. */
export interface OutboundFacts {
  lane: number;
  /** The STOP confirmation goes to a number that has just opted out: the one text it may get. */
  complianceReply: boolean;
  deadline: Date;
  suppression: "opted_out" | "blocked" | null;
  recipient: { state: string | null; timeZone: string };
  /** The account's own quiet hours, unless this send chose to ignore them. */
  accountQuietHours: readonly QuietWindow[];
  /** Marketing texts sent to this number by this account in the last 24 hours, oldest first. */
  recentMarketing: readonly Date[];
  /** Whether the law's hours apply (SEND_WINDOWS=law; off only for test rigs). */
  lawfulHours: boolean;
  /**
   * T-Mobile's daily cap for the brand, when this text goes to a T-Mobile subscriber from the
   * brand's 10DLC number and the registry gave a cap (carrier-cap.ts); null or absent otherwise.
   */
  carrierCap?: CarrierCapFacts | null;
}

export type OutboundDecision =
  | { kind: "go" }
  | {
      kind: "hold";
      until: Date;
      reason: "quiet_hours" | "frequency_cap" | "carrier_cap" | "paused";
    }
  | { kind: "drop"; status: DeliveryStatus; errorCode: number | null; reason: string };

/**
 * The one place that decides whether a message may go to the carrier now. Asked at dispatch,
 * not when the message was written: a STOP that arrives while a campaign waits stops it.
 */
export function decideOutbound(facts: OutboundFacts, now: Date): OutboundDecision {
  if (facts.suppression && !facts.complianceReply) {
    return facts.suppression === "blocked"
      ? { kind: "drop", status: "Blocked", errorCode: null, reason: "blocked" }
      : { kind: "drop", status: "Stopped Number", errorCode: 21610, reason: "opted_out" };
  }
  const expired: OutboundDecision = {
    kind: "drop",
    status: "Queue Failed",
    errorCode: EXPIRED_ERROR_CODE,
    reason: "deadline",
  };
  if (now.getTime() >= facts.deadline.getTime()) return expired;
  if (facts.lane !== LANE.marketing) return { kind: "go" };

  const rule = facts.lawfulHours ? sendRuleFor(facts.recipient.state) : null;
  let until = now;
  let reason: "quiet_hours" | "frequency_cap" = "quiet_hours";
  if (rule?.capPer24h != null && facts.recentMarketing.length >= rule.capPer24h) {
    // The oldest of the last `cap` texts leaves the 24-hour window first.
    const oldest = facts.recentMarketing[facts.recentMarketing.length - rule.capPer24h]!;
    const freed = new Date(oldest.getTime() + 24 * 3600_000);
    if (freed > until) {
      until = freed;
      reason = "frequency_cap";
    }
  }
  // T-Mobile's cap for the brand: the text waits for T-Mobile's next day (and then for the
  // recipient's hours, which midnight Pacific time is outside of almost everywhere). It does not
  // expire for it: the dispatcher gives it its validity again from then, as a resumed pause does,
  // since the wait is the carrier's, not the text's.
  if (facts.carrierCap && overCap(facts.carrierCap)) {
    const fresh = tmobileDay(now).end;
    const after = nextMarketingSlot(
      fresh > until ? fresh : until,
      rule,
      facts.recipient.timeZone,
      facts.accountQuietHours,
    );
    return { kind: "hold", until: after, reason: "carrier_cap" };
  }
  const slot = nextMarketingSlot(until, rule, facts.recipient.timeZone, facts.accountQuietHours);
  if (slot.getTime() === now.getTime()) return { kind: "go" };
  if (slot.getTime() >= facts.deadline.getTime()) return expired;
  return { kind: "hold", until: slot, reason: slot > until ? "quiet_hours" : reason };
}
