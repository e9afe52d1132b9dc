import { z } from "zod";
import { rangeChecks, rangeFields } from "./growth-reports.schemas";

/**
 * The analytics page's failed-by-error view acts on the numbers behind one carrier error code
 * in the chosen days: retry them (a new send of the text each one missed) or clean them (the
 * unhealthy-subscribers clean-up: opt out or delete those whose latest text failed).
 */
const code = z.coerce
  .number("Choose a carrier error code")
  .int("Choose a carrier error code")
  .min(1, "Choose a carrier error code")
  .max(99_999, "Choose a carrier error code");

export const failedNumbersQuery = rangeChecks(z.object({ ...rangeFields, code }));
export type FailedNumbersQuery = z.infer<typeof failedNumbersQuery>;

export const failedNumbersSummary = z.object({
  code: z.number(),
  /** Subscribers with a text that failed with this code in the days (each counted once). */
  failed: z.number(),
  /** Of them, those a retry would text now: still subscribed, consenting, not landlines. */
  retryable: z.number(),
  excluded: z.object({
    optedOut: z.number(),
    blocked: z.number(),
    landline: z.number(),
    noConsent: z.number(),
  }),
  /** How many new sends a retry makes: one per campaign whose text people missed. */
  sends: z.number(),
  /** Of them, those whose latest text failed for the number's sake (the clean-up's list). */
  cleanable: z.number(),
});
export type FailedNumbersSummary = z.infer<typeof failedNumbersSummary>;

export const failedNumbersRetry = rangeChecks(
  z.object({
    ...rangeFields,
    code,
    /** Send even inside the account's quiet hours (as the composer's 'send anyway'). */
    sendAnyway: z.boolean().default(false),
  }),
);
export type FailedNumbersRetry = z.infer<typeof failedNumbersRetry>;

export const failedNumbersRetryResult = z.object({
  recipients: z.number(),
  sends: z.array(z.object({ id: z.number(), recipients: z.number() })),
});
export type FailedNumbersRetryResult = z.infer<typeof failedNumbersRetryResult>;

export const failedNumbersCleanUp = rangeChecks(
  z.object({
    ...rangeFields,
    code,
    action: z.enum(["delete", "opt_out"], "Choose delete or opt out"),
  }),
);
export type FailedNumbersCleanUp = z.infer<typeof failedNumbersCleanUp>;

export const failedNumbersCleanUpResult = z.object({ affected: z.number() });

export const FAILED_NUMBERS_TEXT = {
  nobodyToRetry:
    "Nobody to retry: everyone whose text failed with this code has opted out, is blocked, is a landline or has no consent.",
  nobodyToClean:
    "Nothing to clean: none of these numbers is failing now (their latest text went through, or the error is not about the number).",
} as const;
