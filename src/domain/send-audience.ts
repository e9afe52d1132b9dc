import { z } from "zod";
import { wordedSchema } from "./phrase";

/**
 * Who a send will reach, as the composer shows it before sending: the people selected, those it
 * goes to after consent, opt-outs, blocks and landlines, and the excluded ones by reason.
 */
export const EXCLUSION_REASONS = ["optedOut", "blocked", "landline", "noConsent"] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

export const EXCLUSION_LABELS: Record<ExclusionReason, string> = {
  optedOut: "opted out",
  blocked: "blocked",
  landline: "landline",
  noConsent: "without marketing consent",
};

/** Above this many recipients (or to All Subscribers), the composer asks before sending. */
export const CONFIRM_ABOVE = 500;

export const audienceRequest = z.object({
  isSubscribers: z.enum(["all", "true", "false"]).default("all"),
  subscriberIds: z.array(z.number().int().positive()).max(10_000).default([]),
  groupIds: z.array(z.number().int().min(-1)).max(1_000).default([]),
  /** The composed text: the answer fills its variables from a sample recipient. */
  text: z.string().max(5000).default(""),
  /** The number it goes from (its pace); the account's default when absent. */
  longcodeId: z.number().int().positive().nullable().default(null),
});
export type AudienceRequest = z.input<typeof audienceRequest>;

export const audienceResponse = z.object({
  selected: z.number(),
  recipients: z.number(),
  excluded: z.object({
    optedOut: z.number(),
    blocked: z.number(),
    landline: z.number(),
    noConsent: z.number(),
  }),
  /** `text` as the first recipient would read it (null when nobody gets it). */
  sampleText: z.string().nullable(),
  /**
   * Of `recipients`, those abroad (src/domain/international.ts): each of their texts also spends
   * international credits, as many as its message credits.
   */
  abroad: z.number(),
  /** The account's international credits now, beside what the recipients abroad need. */
  internationalBalance: z.number(),
  /**
   * When they get it (src/domain/send-wait.ts): who is outside legal hours or in the account's
   * quiet hours now, and the number's pace.
   */
  outlook: z.object({ outsideHours: wordedSchema.nullable(), pace: wordedSchema.nullable() }),
});
export type Audience = z.infer<typeof audienceResponse>;

export const NO_RECIPIENTS = "There is nobody to send this message to.";

const REASON_PHRASES: Record<ExclusionReason, string> = {
  optedOut: "has opted out",
  blocked: "is blocked",
  landline: "is a landline",
  noConsent: "has not given consent to marketing messages",
};

function joinOr(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}`;
}

/** The refusal of a send that reaches nobody, naming why. */
export function noRecipientsMessage(
  a: Pick<Audience, "selected" | "excluded">,
  isSubscribers = "false",
): string {
  if (a.selected === 0)
    return isSubscribers === "all"
      ? `${NO_RECIPIENTS} You have no subscribers yet.`
      : `${NO_RECIPIENTS} The subscribers or groups selected are empty.`;
  const reasons = EXCLUSION_REASONS.filter((r) => a.excluded[r] > 0).map((r) => REASON_PHRASES[r]);
  return `${NO_RECIPIENTS} Everyone selected ${joinOr(reasons)}.`;
}

/** Whether the composer asks before sending (All Subscribers, or more than CONFIRM_ABOVE). */
export function needsSendConfirmation(isSubscribers: string, recipients: number): boolean {
  return isSubscribers === "all" || recipients > CONFIRM_ABOVE;
}
