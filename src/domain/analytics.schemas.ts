import { z } from "zod";
import { reportRangeQuery } from "./growth-reports.schemas";

/** /analytics and /advanced-analytics (doc 1 §1-2). */
export const analyticsQuery = reportRangeQuery;

const rate = z.number();
export const sendStats = z.object({
  runId: z.number(),
  sendId: z.number(),
  runAt: z.string(),
  text: z.string(),
  recipients: z.number(),
  delivered: z.number(),
  failed: z.number(),
  replies: z.number(),
  clickers: z.number(),
  optOuts: z.number(),
  deliveryRate: rate,
  replyRate: rate,
  clickRate: rate,
  optOutRate: rate,
});
export type SendStats = z.infer<typeof sendStats>;

export const analyticsResponse = z.object({
  range: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
  totals: z.object({
    recipients: z.number(),
    delivered: z.number(),
    failed: z.number(),
    replies: z.number(),
    clickers: z.number(),
    optOuts: z.number(),
    deliveryRate: rate,
    replyRate: rate,
    clickRate: rate,
    optOutRate: rate,
  }),
  sends: z.array(sendStats),
  failures: z.array(
    z.object({
      code: z.number(),
      count: z.number(),
      meaning: z.string(),
      action: z.string(),
      permanent: z.boolean(),
    }),
  ),
  /** By the hour (account zone) campaigns went out: how people answered. */
  bestTimes: z.array(
    z.object({
      hour: z.number(),
      label: z.string(),
      sends: z.number(),
      replyRate: rate,
      clickRate: rate,
    }),
  ),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;

export const ADVANCED_TEXTS = {
  off: "Advanced analytics are off for this account. An owner or administrator can turn on advanced reporting here.",
} as const;

export const cohortResponse = z.object({
  enabled: z.boolean(),
  /** Per sign-up month: how many joined and how many of them are still subscribed now. */
  cohorts: z.array(
    z.object({
      month: z.string(),
      joined: z.number(),
      stillSubscribed: z.number(),
      retention: rate,
    }),
  ),
});
export type CohortResponse = z.infer<typeof cohortResponse>;
