import { z } from "zod";
import { healthFromError, type NumberHealth, TWILIO_ERRORS } from "./delivery-status";
import { bigId, MAX_BIGINT_ID } from "./ids";

/**
 * Unhealthy subscribers (/unhealthy-subscribers): numbers texts do not reach. A number is
 * unhealthy when its latest delivery in the last RECENT_DAYS failed for a reason that is about
 * the number itself, or when a carrier lookup found it to be a landline and no text has reached
 * it since. Opted-out and blocked numbers are never texted, so they are not listed.
 */
export const UNHEALTHY_REASONS = ["landline", "invalid", "unreachable", "carrier_blocked"] as const;
export type UnhealthyReason = (typeof UNHEALTHY_REASONS)[number];
export const RECENT_DAYS = 90;

export const UNHEALTHY_REASON_LABELS: Record<UnhealthyReason, string> = {
  landline: "Landline",
  invalid: "Invalid number",
  unreachable: "Unreachable",
  carrier_blocked: "Blocked by carrier",
};

/** One line on what each reason means for the person cleaning up. */
export const UNHEALTHY_REASON_HELP: Record<UnhealthyReason, string> = {
  landline: "A landline cannot receive texts.",
  invalid: "The carrier says this number does not exist.",
  unreachable: "The handset was off or out of reach; it may recover.",
  carrier_blocked: "The carrier filtered texts to this number.",
};

/** The carrier error codes behind each reason (from healthFromError, so the two never differ). */
export const UNHEALTHY_ERROR_CODES: Record<UnhealthyReason, number[]> = (() => {
  const out: Record<UnhealthyReason, number[]> = {
    landline: [],
    invalid: [],
    unreachable: [],
    carrier_blocked: [],
  };
  for (const code of Object.values(TWILIO_ERRORS)) {
    const health: NumberHealth | null = healthFromError(code);
    if (health && health !== "opted_out") out[health].push(code);
  }
  return out;
})();

export const listUnhealthyQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  reason: z.enum(UNHEALTHY_REASONS, "Unknown reason").optional(),
  /** Phone digits or part of a name. */
  query: z.string().trim().max(100).default(""),
});
export type ListUnhealthyQuery = z.infer<typeof listUnhealthyQuery>;

export const unhealthySubscriber = z.object({
  id: z.number(),
  phone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  reason: z.enum(UNHEALTHY_REASONS),
  /** delivery: a failed text; lookup: the carrier's line-type check, no text tried yet. */
  source: z.enum(["delivery", "lookup"]),
  /** The carrier's error code of the last failure (null when found by a lookup). */
  errorCode: z.number().nullable(),
  lastFailureAt: z.string().nullable(),
  /** Failed deliveries to this number in the last RECENT_DAYS. */
  failures: z.number(),
});
export type UnhealthySubscriber = z.infer<typeof unhealthySubscriber>;

export const listUnhealthyResponse = z.object({
  total: z.number(),
  rows: z.array(unhealthySubscriber),
  /** Unhealthy numbers per reason (for the filter), whatever reason is chosen. */
  counts: z.record(z.enum(UNHEALTHY_REASONS), z.number()),
  /** Numbers whose line type was never checked (the line-type check would look them up). */
  unchecked: z.number(),
});

const unhealthySelection = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("ids"),
    ids: z.array(bigId()).min(1, "Select at least one subscriber").max(10_000),
  }),
  z.object({
    mode: z.literal("all"),
    reason: z.enum(UNHEALTHY_REASONS, "Unknown reason").optional(),
    query: z.string().trim().max(100).default(""),
    excludedIds: z.array(bigId()).max(10_000).default([]),
  }),
]);

export const cleanUpRequest = z.object({
  action: z.enum(["delete", "opt_out"], "Choose delete or opt out"),
  selection: unhealthySelection,
});
export type CleanUpRequest = z.infer<typeof cleanUpRequest>;
export const cleanUpResponse = z.object({ affected: z.number() });

/** One round of the line-type check: numbers never checked, in id order after `afterId`. */
export const lineCheckRequest = z.object({
  afterId: z.number().int().min(0).max(MAX_BIGINT_ID).default(0),
  limit: z.number().int().min(1).max(200).default(100),
});
export const lineCheckResponse = z.object({
  checked: z.number(),
  landlines: z.number(),
  /** Numbers the carrier does not know (not kept: they show here after a failed text). */
  invalid: z.array(z.string()),
  /** Where the next round starts; null when every number has been checked. */
  nextAfterId: z.number().nullable(),
  /** Numbers still unchecked after this round. */
  remaining: z.number(),
});
