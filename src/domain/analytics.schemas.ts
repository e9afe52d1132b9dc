import { z } from "zod";
import { reportRangeQuery } from "./growth-reports.schemas";

/** /analytics and /advanced-analytics (doc 1 §1-2). */
export const analyticsQuery = reportRangeQuery;

const rate = z.number();

/**
 * Delivered texts an hour needs before its rates mean anything: one text to one person would
 * show 100% (or 0%), which says nothing about the hour.
 */
export const BEST_TIMES_MIN_DELIVERED = 20;
export const BEST_TIMES_TEXT = {
  notEnough: "Not enough sends yet",
} as const;

/** Whether an hour's rates rest on enough delivered texts to be shown. */
export function hasEnoughSample(delivered: number): boolean {
  return delivered >= BEST_TIMES_MIN_DELIVERED;
}
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
      delivered: z.number(),
      /** Enough delivered texts for its rates to be shown (see BEST_TIMES_MIN_DELIVERED). */
      enough: z.boolean(),
      replyRate: rate,
      clickRate: rate,
    }),
  ),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;

export const ADVANCED_TEXTS = {
  off: "Advanced analytics come with the Growth and Pro plans. Change your plan to see them.",
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

/** Conversions the business reports back (pixel or call), credited to the last click. */
export const CONVERSION_TEXTS = {
  badKey: "Unknown conversion key.",
  badPhone: "Give the customer's phone number (E.164, e.g. +12125550123).",
} as const;
export const conversionSettings = z.object({
  key: z.string(),
  windowDays: z.number(),
  /** The pixel to put on the order confirmation page (fill in phone, value and order). */
  pixelUrl: z.string(),
  endpointUrl: z.string(),
});
export const conversionSettingsUpdate = z.object({
  windowDays: z
    .number("Pick a number of days")
    .int("Pick a whole number of days")
    .min(1, "At least 1 day")
    .max(90, "At most 90 days"),
});
/** What the business sends: the customer's phone, the order's value and its reference. */
export const conversionInput = z.object({
  key: z.string().trim().min(1, CONVERSION_TEXTS.badKey).max(100, CONVERSION_TEXTS.badKey),
  phone: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{7,14}$/, CONVERSION_TEXTS.badPhone),
  value: z.coerce.number("The value must be a number").min(0).max(1_000_000).default(0),
  order: z.string().trim().max(100, "The order reference is too long").default(""),
});
export const conversionResult = z.object({ attributed: z.boolean() });
export const conversionsReport = z.object({
  windowDays: z.number(),
  total: z.object({ conversions: z.number(), revenueCents: z.number() }),
  bySend: z.array(
    z.object({
      runId: z.number(),
      text: z.string(),
      runAt: z.string(),
      conversions: z.number(),
      revenueCents: z.number(),
    }),
  ),
});
export type ConversionsReport = z.infer<typeof conversionsReport>;
