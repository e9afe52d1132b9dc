import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { intId } from "./ids";

/**
 * Automated (smart) replies: rules read in order against an incoming text; the first that
 * matches answers, at most once per person per the rule's period.
 */
export const AUTO_REPLY_MATCHES = [
  "contains",
  "exact",
  "starts_with",
  "first_message",
  "business_hours",
  "after_hours",
] as const;
export type AutoReplyMatch = (typeof AUTO_REPLY_MATCHES)[number];

export const MATCH_LABELS: Record<AutoReplyMatch, string> = {
  contains: "Message contains any of the words",
  exact: "Message is exactly",
  starts_with: "Message starts with",
  first_message: "First message from a new number",
  business_hours: "During business hours",
  after_hours: "After business hours",
};

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be HH:mm");

export const businessHours = z
  .object({
    /** 0 Sunday … 6 Saturday. */
    days: z.array(z.number().int().min(0).max(6)).min(1, "Choose at least one day").max(7),
    start: hhmm,
    end: hhmm,
  })
  .refine((h) => h.start < h.end, { message: "Business hours must end after they start" });
export type BusinessHours = z.infer<typeof businessHours>;

export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  days: [1, 2, 3, 4, 5],
  start: "09:00",
  end: "17:00",
};

const needsWords = new Set<AutoReplyMatch>(["contains", "exact", "starts_with"]);

export const autoReplyInput = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(100),
    match: z.enum(AUTO_REPLY_MATCHES),
    words: z.array(z.string().trim().min(1).max(160)).max(50).default([]),
    /** Null: every number of the account. */
    phoneNumberId: intId().nullable().default(null),
    reply: z.string().trim().min(1, "Reply is required").max(1600),
    /** An answer at most once per person per this many minutes (0: every time). */
    onceEveryMinutes: z
      .number()
      .int()
      .min(0)
      .max(525_600)
      .default(24 * 60),
    businessHours: businessHours.nullable().default(null),
    enabled: z.boolean().default(true),
  })
  .superRefine((v, c) => {
    if (needsWords.has(v.match) && v.words.length === 0)
      c.addIssue({ code: "custom", path: ["words"], message: "Add at least one word" });
    if ((v.match === "business_hours" || v.match === "after_hours") && !v.businessHours)
      c.addIssue({ code: "custom", path: ["businessHours"], message: "Set the business hours" });
  });
export type AutoReplyInput = z.infer<typeof autoReplyInput>;

export interface AutoReplyRule {
  id: number;
  match: AutoReplyMatch;
  words: readonly string[];
  phoneNumberId: number | null;
  businessHours: BusinessHours | null;
  enabled: boolean;
}

export interface IncomingFacts {
  body: string;
  phoneNumberId: number;
  /** No earlier text from this number to the account. */
  firstMessage: boolean;
  at: Date;
  /** The account's zone (business hours are the business's). */
  timeZone: string;
}

const norm = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/** Whole words, so "hi" does not match "this". */
function containsWord(text: string, word: string): boolean {
  const w = norm(word).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${w}($|[^\\p{L}\\p{N}])`, "u").test(text);
}

export function inBusinessHours(hours: BusinessHours, at: Date, timeZone: string): boolean {
  const local = new TZDate(at.getTime(), timeZone);
  const now = `${String(local.getHours()).padStart(2, "0")}:${String(local.getMinutes()).padStart(2, "0")}`;
  return hours.days.includes(local.getDay()) && now >= hours.start && now < hours.end;
}

export function ruleMatches(rule: AutoReplyRule, f: IncomingFacts): boolean {
  if (!rule.enabled) return false;
  if (rule.phoneNumberId !== null && rule.phoneNumberId !== f.phoneNumberId) return false;
  const text = norm(f.body);
  switch (rule.match) {
    case "contains":
      return rule.words.some((w) => containsWord(text, w));
    case "exact":
      return rule.words.some((w) => norm(w) === text);
    case "starts_with":
      return rule.words.some((w) => text.startsWith(norm(w)));
    case "first_message":
      return f.firstMessage;
    case "business_hours":
      return rule.businessHours !== null && inBusinessHours(rule.businessHours, f.at, f.timeZone);
    case "after_hours":
      return rule.businessHours !== null && !inBusinessHours(rule.businessHours, f.at, f.timeZone);
  }
}

/** The first rule, in order, that answers this text (null: none). */
export function firstMatchingRule<R extends AutoReplyRule>(
  rules: readonly R[],
  f: IncomingFacts,
): R | null {
  return rules.find((r) => ruleMatches(r, f)) ?? null;
}

export const autoReplyResponse = z.object({
  id: z.number(),
  name: z.string(),
  match: z.enum(AUTO_REPLY_MATCHES),
  words: z.array(z.string()),
  phoneNumberId: z.number().nullable(),
  reply: z.string(),
  onceEveryMinutes: z.number(),
  businessHours: z
    .object({ days: z.array(z.number()), start: z.string(), end: z.string() })
    .nullable(),
  enabled: z.boolean(),
  position: z.number(),
  /** How many times it has answered. */
  answered: z.number(),
  updatedAt: z.string(),
});
export type AutoReplyResponse = z.infer<typeof autoReplyResponse>;

export const listAutoRepliesResponse = z.object({ rows: z.array(autoReplyResponse) });

export const reorderAutoRepliesRequest = z.object({
  ids: z.array(intId()).min(1).max(500),
});

export const autoReplyPreviewRequest = z.object({
  body: z.string().max(1600),
  phoneNumberId: intId().nullable().default(null),
  firstMessage: z.boolean().default(false),
});

export const autoReplyPreviewResponse = z.object({
  ruleId: z.number().nullable(),
  name: z.string().nullable(),
  reply: z.string().nullable(),
});
