import { CHATBOT_REPLY_CREDITS } from "./chatbots";
import { isInternationalNumber } from "./international";
import { countSegments, MMS_CREDITS } from "./segments";

/**
 * What each outgoing text costs, by what sent it: the one credit rule. The outbound path
 * (`queueMessage` and the senders that charge before queueing) reads it for every text, and the
 * credits page shows it. A new kind of sender must be added here first: the message's `source`
 * is typed by this table.
 *
 * - `text`: an SMS costs one credit per segment (160 characters, 70 with emoji or non-Latin
 *   letters; 153 and 67 per part once a text is split); an MMS costs 3.
 * - `flat`: a fixed number of credits whatever the length.
 * - `free`: costs nothing, because the law requires the text or Parley itself needs it.
 *
 * A text to a number abroad also spends as many international credits as it costs (doc 2 §8);
 * a free text is free abroad too.
 */
export type CreditCost =
  | { kind: "text" }
  | { kind: "flat"; credits: number }
  | { kind: "free"; why: string };

export interface CreditRuleRow {
  /** What the credits page calls these texts. */
  label: string;
  cost: CreditCost;
}

const TEXT = { kind: "text" } as const;

export const CREDIT_RULE = {
  campaign: { label: "Campaigns and scheduled messages", cost: TEXT },
  test: { label: "Test messages", cost: TEXT },
  inbox: { label: "Inbox replies", cost: TEXT },
  automation: { label: "Drip and workflow texts", cost: TEXT },
  auto_reply: { label: "Automated replies", cost: TEXT },
  keyword_reply: { label: "Keyword replies and their questions", cost: TEXT },
  chatbot: {
    label: "Chatbot replies",
    cost: { kind: "flat", credits: CHATBOT_REPLY_CREDITS },
  },
  optin_reply: { label: "Sign-up confirmations and welcome texts", cost: TEXT },
  optin_code: { label: "Sign-up form confirmation codes", cost: TEXT },
  webinar_reminder: { label: "Webinar reminders", cost: TEXT },
  coupon: { label: "Coupons", cost: TEXT },
  giveaway_winner: { label: "Giveaway winner texts", cost: TEXT },
  referral: { label: "Referral program texts", cost: TEXT },
  referral_reward: { label: "Referral rewards", cost: TEXT },
  marketing_reply: { label: "Event registration replies", cost: TEXT },
  phone_alert: { label: "Reply alerts to your own phone", cost: TEXT },
  seed: { label: "The demo's sample reply", cost: TEXT },
  compliance: {
    label: "STOP, HELP and START answers",
    cost: { kind: "free", why: "The law requires them." },
  },
  two_factor: {
    label: "Sign-in codes",
    cost: { kind: "free", why: "They keep your account safe." },
  },
  phone_verification: {
    label: "Phone verification codes",
    cost: { kind: "free", why: "They keep your account safe." },
  },
} as const satisfies Record<string, CreditRuleRow>;

/** What created an outgoing text (messages.source). */
export type MessageSource = keyof typeof CREDIT_RULE;

export function isMessageSource(source: string): source is MessageSource {
  return Object.hasOwn(CREDIT_RULE, source);
}

/** Message credits one text costs by the rule. */
export function creditsOfText(text: {
  source: MessageSource;
  body: string;
  isMms: boolean;
}): number {
  const cost: CreditCost = CREDIT_RULE[text.source].cost;
  if (cost.kind === "free") return 0;
  if (cost.kind === "flat") return cost.credits;
  return text.isMms ? MMS_CREDITS : countSegments(text.body).segments;
}

/** International credits a text spends on top of its credits: as many, when it goes abroad. */
export function internationalCreditsOf(to: string, credits: number): number {
  return isInternationalNumber(to) ? credits : 0;
}

/** The rule as the credits page shows it: one row per kind of text, in the table's order. */
export function creditRuleRows(): { source: MessageSource; label: string; cost: string }[] {
  return (Object.keys(CREDIT_RULE) as MessageSource[])
    .filter((source) => source !== "seed")
    .map((source) => {
      const row: CreditRuleRow = CREDIT_RULE[source];
      const cost =
        row.cost.kind === "free"
          ? `Free. ${row.cost.why}`
          : row.cost.kind === "flat"
            ? `${row.cost.credits} credits each`
            : `1 credit per segment; ${MMS_CREDITS} for an MMS`;
      return { source, label: row.label, cost };
    });
}
