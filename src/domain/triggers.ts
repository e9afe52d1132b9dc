import { ruleMatches } from "./auto-replies";
import { isTrigger } from "./chatbots";
import { classifyInbound } from "./compliance";
import { keywordOfText, normaliseKeyword } from "./keywords";
import { marketingWordOf } from "./marketing";

/**
 * The one trigger registry: who answers an inbound text, in this order. The first handler that
 * takes a text consumes it and nobody after it sees it (carrier-webhooks/inbound-handlers.ts runs
 * them in this order; docs/ARCHITECTURE.md "The ingress" describes it).
 *
 * 1. compliance: STOP, HELP, START and their kin, always first;
 * 2. marketing tools: a loyalty check-in, a giveaway entry, a referral request, an event
 *    registration or its cancel word (first word of the text);
 * 3. keywords: a keyword alone or "JOIN <keyword>", or the answer to a keyword's question;
 * 4. chatbots: the number's chatbot, by its trigger words or a conversation under way;
 * 5. workflows that start on a text ("Sends a text containing");
 * 6. automated replies, in their own order.
 */
export const TRIGGER_PRECEDENCE = [
  "compliance",
  "marketing",
  "keyword",
  "chatbot",
  "workflow",
  "auto_reply",
] as const;
export type TriggerKind = (typeof TRIGGER_PRECEDENCE)[number];

/** How a claim's words are matched against a text (each as its handler matches it). */
export type TriggerMatch =
  /** The whole text is the word, or "JOIN <word>" (keywords). */
  | { kind: "keyword" }
  /** The text's first word is the word (marketing tools). */
  | { kind: "first_word" }
  /** The text is the word or starts with it and a space (chatbots). */
  | { kind: "chatbot" }
  /** The text contains the word anywhere, any case (workflows). */
  | { kind: "contains" }
  /** An automated reply's rule: contains a whole word, is exactly, starts with. */
  | { kind: "auto_reply"; match: "contains" | "exact" | "starts_with" };

/** One thing that answers texts with some words: a keyword, a chatbot, a workflow … */
export interface TriggerClaim {
  kind: Exclude<TriggerKind, "compliance">;
  /** What the owner is called in a conflict ("the chatbot 'Table booking'"). */
  label: string;
  ownerId: number;
  /** The number it answers on; null for every number of the account. */
  phoneNumberId: number | null;
  words: readonly string[];
  match: TriggerMatch;
}

/** Whether this claim would take a text (ignoring the number: the caller compares those). */
export function claimTakes(claim: Pick<TriggerClaim, "words" | "match">, text: string): boolean {
  const m = claim.match;
  switch (m.kind) {
    case "keyword": {
      const word = keywordOfText(text);
      return word !== null && claim.words.some((w) => normaliseKeyword(w) === word);
    }
    case "first_word": {
      const parsed = marketingWordOf(text);
      return parsed !== null && claim.words.some((w) => normaliseKeyword(w) === parsed.word);
    }
    case "chatbot":
      return isTrigger(claim.words, text);
    case "contains":
      return textContains(text, claim.words);
    case "auto_reply":
      return ruleMatches(
        {
          id: 0,
          match: m.match,
          words: claim.words,
          phoneNumberId: null,
          businessHours: null,
          enabled: true,
        },
        { body: text, phoneNumberId: 0, firstMessage: false, at: new Date(0), timeZone: "UTC" },
      );
  }
}

const fold = (s: string) => s.normalize("NFKC").toLowerCase();

/** A workflow's "Sends a text containing" trigger: any of the words, anywhere, any case. */
export function textContains(text: string, words: readonly string[]): boolean {
  const body = fold(text);
  return words.length === 0 || words.some((w) => body.includes(fold(w)));
}

export interface TriggerConflict {
  /** The word of the claim being saved that is taken. */
  word: string;
  /** Who takes it: an existing claim, or compliance. */
  by: TriggerClaim | { kind: "compliance" };
  message: string;
}

function sameNumbers(a: number | null, b: number | null): boolean {
  return a === null || b === null || a === b;
}

/**
 * The first conflict of a claim about to be saved with what the account already has, or null.
 * Two claims conflict on a shared number when a text that is one's word would be taken by the
 * other: then one of them would never answer it. Claims of the same kind are the owner's own
 * business (keywords are unique, automated replies are ordered), so only other kinds count.
 * `numberLabel` names the existing claim's number for a candidate on every number.
 */
export function findTriggerConflict(
  candidate: TriggerClaim,
  existing: readonly TriggerClaim[],
  numberLabel: (phoneNumberId: number) => string = () => "one of your numbers",
): TriggerConflict | null {
  // A word matched anywhere in a text ("stop by") still reaches its handler in other texts.
  const whole =
    candidate.match.kind !== "contains" &&
    !(candidate.match.kind === "auto_reply" && candidate.match.match === "contains");
  for (const word of whole ? candidate.words : []) {
    const w = word.trim();
    if (!w) continue;
    if (classifyInbound(w))
      return {
        word: w,
        by: { kind: "compliance" },
        message: `${w} is already answered by the opt-out and help rules (STOP, HELP, START) on every number`,
      };
  }
  for (const other of existing) {
    if (other.kind === candidate.kind) continue;
    if (!sameNumbers(candidate.phoneNumberId, other.phoneNumberId)) continue;
    for (const word of candidate.words) {
      const w = word.trim();
      if (!w) continue;
      const alone = { words: [w], match: candidate.match };
      const clash =
        claimTakes(other, w) || other.words.some((o) => o.trim() && claimTakes(alone, o));
      if (!clash) continue;
      const where =
        other.phoneNumberId === null
          ? "on every number"
          : candidate.phoneNumberId === null
            ? `on ${numberLabel(other.phoneNumberId)}`
            : "on this number";
      return {
        word: w,
        by: other,
        message: `${w} is already answered by ${other.label} ${where}`,
      };
    }
  }
  return null;
}

const MARKETING_LABELS: Record<string, string> = {
  loyalty: "the loyalty program",
  giveaway: "the giveaway",
  referral: "the referral program",
  registration: "the event registration",
};

/** "the chatbot 'Table booking'", "the keyword 'MENU'" … */
export function claimLabel(kind: TriggerClaim["kind"], name: string, tool?: string): string {
  const quoted = `'${name}'`;
  switch (kind) {
    case "marketing":
      return `${MARKETING_LABELS[tool ?? ""] ?? "the marketing tool"} ${quoted}`;
    case "keyword":
      return `the keyword ${quoted}`;
    case "chatbot":
      return `the chatbot ${quoted}`;
    case "workflow":
      return `the workflow ${quoted}`;
    case "auto_reply":
      return `the automated reply ${quoted}`;
  }
}
