import { z } from "zod";
import { DATE_MESSAGES, EARLIEST_DATE, LATEST_DATE } from "./date-input";
import { intIdParam } from "./ids";

/**
 * The subscriber, opt-out and click reports (/reports/subscribers, /reports/opt-outs, clicks in
 * /reports/link-tracking): filters, answers and their CSV exports.
 */

export const MAX_REPORT_DAYS = 366;
export const REPORT_TEXTS = {
  rangeOrder: "The start date must be on or before the end date",
  rangeTooLong: `Pick at most ${MAX_REPORT_DAYS} days`,
  exportNotFound: "That export was not found in this account.",
  numberNotFound: "That number was not found in this account.",
} as const;

const reportDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date such as 2026-05-31")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "Use a date such as 2026-05-31")
  .refine((s) => s >= EARLIEST_DATE && s <= LATEST_DATE, DATE_MESSAGES.invalid);

/** Days between two YYYY-MM-DD dates, both included. */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

export const rangeFields = {
  /** First and last day in the account's time zone, both included; default the last 30 days. */
  from: reportDay.optional(),
  to: reportDay.optional(),
  /** One business number (its id); absent: all numbers. */
  numberId: intIdParam().optional(),
};
export const rangeChecks = <T extends z.ZodType<{ from?: string; to?: string }>>(s: T) =>
  s
    .refine((f) => !f.from || !f.to || f.from <= f.to, {
      message: REPORT_TEXTS.rangeOrder,
      path: ["to"],
    })
    .refine((f) => !f.from || !f.to || daysInRange(f.from, f.to) <= MAX_REPORT_DAYS, {
      message: REPORT_TEXTS.rangeTooLong,
      path: ["from"],
    });

export const reportRangeQuery = rangeChecks(z.object(rangeFields));
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;
export interface ReportRange {
  from: string;
  to: string;
  numberId?: number;
}

export const optOutsQuery = rangeChecks(
  z.object({
    ...rangeFields,
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  }),
);
export type OptOutsQuery = z.infer<typeof optOutsQuery>;

const range = z.object({ from: z.string(), to: z.string(), timezone: z.string() });

export const subscriberReport = z.object({
  range,
  totals: z.object({ joined: z.number(), optedOut: z.number(), net: z.number() }),
  days: z.array(
    z.object({ date: z.string(), joined: z.number(), optedOut: z.number(), net: z.number() }),
  ),
  byMethod: z.array(
    z.object({
      method: z.string(),
      label: z.string(),
      joined: z.number(),
      optedOut: z.number(),
    }),
  ),
});
export type SubscriberReport = z.infer<typeof subscriberReport>;

const countedBy = z.array(z.object({ key: z.string(), label: z.string(), count: z.number() }));

export const optOutRow = z.object({
  id: z.number(),
  optedOutAt: z.string(),
  phone: z.string(),
  subscriberId: z.number().nullable(),
  name: z.string(),
  source: z.string(),
  /** What they texted (STOP…) or what the business noted. */
  detail: z.string(),
  number: z.string().nullable(),
  /** The last message the business sent them before the opt-out. */
  preceding: z
    .object({
      body: z.string(),
      source: z.string(),
      sentAt: z.string(),
      sendId: z.number().nullable(),
    })
    .nullable(),
});
export type OptOutRow = z.infer<typeof optOutRow>;

export const optOutReport = z.object({
  range,
  total: z.number(),
  byKeyword: countedBy,
  bySource: countedBy,
  byCampaign: countedBy,
  byAutomation: countedBy,
  days: z.array(z.object({ date: z.string(), optedOut: z.number() })),
  rows: z.array(optOutRow),
});
export type OptOutReport = z.infer<typeof optOutReport>;

/** Where an opt-out came from, as people say it. */
export const OPT_OUT_SOURCE_LABELS: Record<string, string> = {
  keyword: "Texted a stop word",
  manual: "By hand in Parley",
  carrier: "Reported by the carrier",
  import: "Import",
};
/** What kind of message came before an opt-out. */
export const MESSAGE_SOURCE_LABELS: Record<string, string> = {
  campaign: "Campaign",
  automation: "Automation",
  inbox: "Inbox reply",
  keyword_reply: "Keyword reply",
  api: "API",
  none: "No message before",
};

export const REPORT_KINDS = ["subscribers", "opt-outs", "link-clicks"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** What the export job writes: the Reports screen's reports and the sent-messages report. */
export const EXPORTED_REPORTS = [...REPORT_KINDS, "sent-messages"] as const;
export type ExportedReport = (typeof EXPORTED_REPORTS)[number];

export const createReportExportRequest = z
  .object({
    report: z.enum(REPORT_KINDS, "Unknown report"),
    from: reportDay.optional(),
    to: reportDay.optional(),
    numberId: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: REPORT_TEXTS.rangeOrder,
    path: ["to"],
  })
  .refine((f) => !f.from || !f.to || daysInRange(f.from, f.to) <= MAX_REPORT_DAYS, {
    message: REPORT_TEXTS.rangeTooLong,
    path: ["from"],
  });

export const reportExport = z.object({
  id: z.number(),
  report: z.enum(EXPORTED_REPORTS),
  status: z.enum(["queued", "running", "finished", "failed"]),
  progress: z.number(),
  rowCount: z.number(),
  fileName: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExport>;
export const listReportExportsQuery = z.object({
  report: z.enum(EXPORTED_REPORTS, "Unknown report").optional(),
});
export const listReportExportsResponse = z.object({ rows: z.array(reportExport) });

/** Clicks per subscriber on the account's tracked links, and click-through per send. */
export const clicksQuery = rangeChecks(
  z.object({
    ...rangeFields,
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  }),
);
export const clicksBySubscriberResponse = z.object({
  range,
  total: z.number(),
  rows: z.array(
    z.object({
      subscriberId: z.number(),
      phone: z.string(),
      name: z.string(),
      clicks: z.number(),
      links: z.number(),
      lastClickAt: z.string(),
    }),
  ),
});
export const clickThroughResponse = z.object({
  range,
  rows: z.array(
    z.object({
      runId: z.number(),
      sendId: z.number(),
      runAt: z.string(),
      text: z.string(),
      link: z.string(),
      delivered: z.number(),
      clickers: z.number(),
      clicks: z.number(),
      /** clickers / delivered, 0 … 1. */
      rate: z.number(),
    }),
  ),
});
