import { z } from "zod";
import { DATE_MESSAGES, EARLIEST_DATE, LATEST_DATE } from "./date-input";
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type StatusGroup,
  statusGroup,
} from "./delivery-status";
import { bigIdParam } from "./ids";
import { conversationMessage } from "./inbox.schemas";
import {
  isParleyErrorCode,
  NO_INTERNATIONAL_CREDITS_ERROR,
  UNRECORDABLE_OUTCOME_ERROR,
} from "./international";
import { wordedSchema } from "./phrase";
import { REPEAT_LABELS, type RepeatFrequency } from "./repeat";

/**
 * The read side of the send pipeline: the sent-messages report (/reports/sent-messages and its
 * details), the scheduled-messages list (/messages/scheduled) and the dashboard (spec doc 1 §2-4,
 * §9; doc 2 §3 for the repeat labels).
 */

/** Display groups of delivery statuses, in the order screens show them. */
export const STATUS_GROUPS = [
  "sending",
  "sent",
  "delivered",
  "unconfirmed",
  "failed",
  "blocked",
] as const satisfies readonly StatusGroup[];

export const STATUS_GROUP_LABELS: Record<StatusGroup, string> = {
  sending: "Sending",
  sent: "Sent",
  delivered: "Delivered",
  unconfirmed: "Unconfirmed",
  failed: "Failed",
  blocked: "Blocked",
};

/**
 * Colours of the groups (Mantine palette names). Doc 2 §4: failed and blocked red, sending dark
 * gray, unconfirmed light gray; delivered green and sent blue are ours.
 */
export const STATUS_GROUP_COLORS: Record<StatusGroup, string> = {
  sending: "dark.4",
  sent: "blue.6",
  delivered: "teal.6",
  unconfirmed: "gray.4",
  failed: "red.6",
  blocked: "red.9",
};

/** The delivery statuses of each group (for filters: `status = any(...)` uses the run index). */
export function statusesOf(group: StatusGroup): DeliveryStatus[] {
  return DELIVERY_STATUSES.filter((s) => statusGroup(s) === group);
}

export function groupOf(status: string): StatusGroup {
  return (DELIVERY_STATUSES as readonly string[]).includes(status)
    ? statusGroup(status as DeliveryStatus)
    : "failed";
}

/** What a carrier error code means, for the person reading a delivery report. */
const CARRIER_ERRORS: Record<number, string> = {
  21211: "The number is not a valid phone number.",
  21408: "Texts to this region are not enabled.",
  21610: "The recipient replied STOP and has opted out.",
  21612: "The carrier cannot route texts between these two numbers.",
  21614: "The number is not a mobile number.",
  30001: "Too many messages were queued; this one expired before it could be sent.",
  30002: "The sending account was suspended by the carrier.",
  30003: "The handset was switched off or out of reach.",
  30004: "The recipient's carrier blocked the message.",
  30005: "The number is unknown to the carrier or no longer in service.",
  30006: "The number is a landline or cannot receive texts.",
  30007: "The carrier filtered the message as spam.",
  30008: "The carrier did not say why the message was not delivered.",
  // Parley's own (src/domain/international.ts): refused before it reached a carrier.
  [NO_INTERNATIONAL_CREDITS_ERROR]:
    "Not sent: the account had too few international credits for texts abroad.",
  [UNRECORDABLE_OUTCOME_ERROR]:
    "The carrier answered with a message id that belongs to another message, so its answer could not be recorded. Not sent again, to avoid a duplicate: it may have reached the recipient.",
};

export function carrierErrorText(code: number | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  if (isParleyErrorCode(code)) return CARRIER_ERRORS[code] ?? "Not sent.";
  return CARRIER_ERRORS[code] ?? `The carrier refused the message (error ${code}).`;
}

export const countsByGroup = z.object({
  sending: z.number(),
  sent: z.number(),
  delivered: z.number(),
  unconfirmed: z.number(),
  failed: z.number(),
  blocked: z.number(),
});
export type CountsByGroup = z.infer<typeof countsByGroup>;

export function emptyCounts(): CountsByGroup {
  return { sending: 0, sent: 0, delivered: 0, unconfirmed: 0, failed: 0, blocked: 0 };
}

/** A run's state for people: still going out, done, or stopped by an error. */
export const RUN_STATES = ["sending", "completed", "failed"] as const;
export type RunState = (typeof RUN_STATES)[number];
export const RUN_STATE_LABELS: Record<RunState, string> = {
  sending: "Sending",
  completed: "Completed",
  failed: "Failed",
};

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date such as 2026-05-31")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "Use a date such as 2026-05-31")
  // Years PostgreSQL cannot take (0000) or no report can hold are refused here, not by a query.
  .refine((s) => s >= EARLIEST_DATE && s <= LATEST_DATE, DATE_MESSAGES.invalid);

const filterFields = {
  /** First and last day (account time zone), both included. */
  from: day.optional(),
  to: day.optional(),
  /** Part of the message text. */
  query: z.string().trim().max(200, "Search text is too long").default(""),
  state: z.enum(RUN_STATES, "Unknown status").optional(),
};
const rangeInOrder = {
  check: (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to,
  message: "The start date must be on or before the end date",
};

export const sentMessagesFilter = z
  .object(filterFields)
  .refine(rangeInOrder.check, { message: rangeInOrder.message, path: ["to"] });
export type SentMessagesFilter = z.infer<typeof sentMessagesFilter>;

const paging = {
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

export const sentMessagesQuery = z
  .object({ ...paging, ...filterFields })
  .refine(rangeInOrder.check, { message: rangeInOrder.message, path: ["to"] });
export type SentMessagesQuery = z.infer<typeof sentMessagesQuery>;

export const sentRun = z.object({
  id: z.number(),
  sendId: z.number(),
  text: z.string(),
  runAt: z.string(),
  completedAt: z.string().nullable(),
  state: z.enum(RUN_STATES),
  /** Deliveries created for this run (after exclusions). */
  recipients: z.number(),
  /** Opted-out, blocked and duplicate numbers left out at fan-out. */
  excluded: z.number(),
  /** Credits the run used (reserved, less what failed deliveries gave back). */
  credits: z.number(),
  counts: countsByGroup,
  /** Link clicks of the run; null while link tracking is not installed. */
  clicks: z.number().nullable(),
  user: z.string().nullable(),
  error: z.string().nullable(),
});
export type SentRun = z.infer<typeof sentRun>;

export const sentMessagesResponse = z.object({
  rows: z.array(sentRun),
  total: z.number(),
});

export const runIdParams = z.object({ id: bigIdParam("Unknown sent message") });

export const sentRunDetails = sentRun.extend({
  fromNumber: z.string().nullable(),
  isMms: z.boolean(),
  /** The send is still scheduled to repeat: its next run, or null. */
  nextRunAt: z.string().nullable(),
});
export type SentRunDetails = z.infer<typeof sentRunDetails>;

export const recipientsQuery = z.object({
  ...paging,
  group: z.enum(STATUS_GROUPS, "Unknown status").optional(),
  /** Phone digits or part of a name. */
  query: z.string().trim().max(100, "Search text is too long").default(""),
});
export type RecipientsQuery = z.infer<typeof recipientsQuery>;

export const recipientsExportQuery = z.object({
  group: z.enum(STATUS_GROUPS, "Unknown status").optional(),
});

export const runRecipient = z.object({
  id: z.number(),
  phone: z.string(),
  subscriberId: z.number().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.string(),
  group: z.enum(STATUS_GROUPS),
  errorCode: z.number().nullable(),
  error: z.string().nullable(),
  credits: z.number(),
  updatedAt: z.string(),
  /** A text not sent yet: why it waits and when it goes, as the inbox thread says it. */
  waiting: conversationMessage.shape.waiting,
});
export type RunRecipient = z.infer<typeof runRecipient>;

export const recipientsResponse = z.object({
  rows: z.array(runRecipient),
  total: z.number(),
});

// ---- Scheduled messages

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const DAY_SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function pickDays(value: unknown): string[] {
  if (!value || typeof value !== "object") return [];
  const v = value as Record<string, unknown>;
  return DAYS.flatMap((d, i) => (v[d] === true || v[d] === "true" ? [DAY_SHORT[i]!] : []));
}

/**
 * The repeat of a stored message form, as the composer labels it, plus a short line of what a
 * weekly or custom repeat means ("Mon, Wed"; "Every 3 weeks on Fri, until Jun 1, 2026").
 */
export function repeatOf(form: unknown): { label: string; detail: string | null } {
  const f = (form && typeof form === "object" ? form : {}) as Record<string, unknown>;
  const freq = typeof f.repeatFrequency === "string" ? f.repeatFrequency : "never";
  if (!Object.hasOwn(REPEAT_LABELS, freq)) return { label: REPEAT_LABELS.never, detail: null };
  const label = REPEAT_LABELS[freq as RepeatFrequency];
  if (freq === "weekly" || freq === "biweekly") {
    const days = pickDays(f.repeatDays);
    return { label, detail: days.length ? days.join(", ") : null };
  }
  if (freq !== "custom") return { label, detail: null };
  const every = Number(f.customRepeatFrequency ?? 1) || 1;
  const unitRaw = String(f.customRepeatFrequencyType ?? "weeks").toLowerCase();
  const unit = unitRaw.startsWith("month") ? "month" : unitRaw.startsWith("year") ? "year" : "week";
  const parts = [every === 1 ? `Every ${unit}` : `Every ${every} ${unit}s`];
  if (unit === "week") {
    const days = pickDays(f.customRepeatDays);
    if (days.length) parts[0] += ` on ${days.join(", ")}`;
  }
  const endType = String(f.customEndMessageType ?? "never").toLowerCase();
  if (
    (endType === "date" || endType.startsWith("specific")) &&
    typeof f.customEndMessageDate === "string" &&
    f.customEndMessageDate
  ) {
    parts.push(`until ${f.customEndMessageDate}`);
  } else if (endType.startsWith("occ") && f.customEndMessageOccurrences) {
    const n = Number(f.customEndMessageOccurrences);
    if (n > 0) parts.push(`${n} ${n === 1 ? "time" : "times"}`);
  }
  return { label, detail: parts.join(", ") };
}

export const scheduledQuery = z.object({ ...paging });

export const scheduledSend = z.object({
  id: z.number(),
  text: z.string(),
  /** Who it goes to: "All subscribers", "3 subscribers", the groups' names. */
  recipients: wordedSchema,
  nextRunAt: z.string().nullable(),
  repeatLabel: z.string(),
  repeatDetail: z.string().nullable(),
  /** scheduled (editable) or running (a run is going out right now). */
  status: z.string(),
  runCount: z.number(),
  createdAt: z.string(),
  user: z.string().nullable(),
  timezone: z.string(),
});
export type ScheduledSend = z.infer<typeof scheduledSend>;

export const scheduledResponse = z.object({
  rows: z.array(scheduledSend),
  total: z.number(),
});

// ---- Dashboard

/** Used-messages modal thresholds (doc 1 §4, §9). */
export const USED_MESSAGES_MIN_TOTAL = 50;
export const USED_MESSAGES_THRESHOLD = 0.9;

export const messageStats = z.object({
  sent: z.number(),
  total: z.number(),
  remaining: z.number(),
  sentPercentage: z.number(),
  remainingPercentage: z.number(),
});
export type MessageStats = z.infer<typeof messageStats>;

/**
 * The used-messages modal of doc 1 §4: no auto top-up, at least 50 credits in total, at least
 * 90% of them used, and the popup-disable setting off.
 */
export function showUsedMessagesModal(o: {
  autoTopup: boolean;
  popupDisabled: boolean;
  totalCredits: number;
  usedCredits: number;
}): boolean {
  return (
    !o.autoTopup &&
    !o.popupDisabled &&
    o.totalCredits >= USED_MESSAGES_MIN_TOTAL &&
    o.usedCredits >= USED_MESSAGES_THRESHOLD * o.totalCredits
  );
}

/** Sent, total and remaining with whole-number percentages of the total. */
export function toMessageStats(used: number, balance: number): MessageStats {
  const sent = Math.max(0, used);
  const remaining = Math.max(0, balance);
  const total = sent + remaining;
  const pct = (n: number) => (total > 0 ? Math.round((n / total) * 1000) / 10 : 0);
  return {
    sent,
    total,
    remaining,
    sentPercentage: pct(sent),
    remainingPercentage: total > 0 ? Math.round((100 - pct(sent)) * 10) / 10 : 0,
  };
}

export const chartDay = countsByGroup.extend({ date: z.string() });

export const dashboardResponse = z.object({
  stats: messageStats,
  showUsedMessagesModal: z.boolean(),
  subscribers: z.object({
    total: z.number(),
    /** Joined in the last 30 days, and in the 30 days before. */
    last30: z.number(),
    previous30: z.number(),
  }),
  /** Replies not read yet in the shared inbox (archived and blocked conversations left out). */
  unreadReplies: z.number(),
  recentRuns: z.array(sentRun),
  upcoming: z.array(scheduledSend),
  /** Deliveries of the last 30 days (account time zone), oldest day first. */
  chart: z.array(chartDay),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/**
 * The dashboard's subscriber growth: the badge counts joins (never below zero), so its icon follows
 * that sign; the comparison with the 30 days before has its own sign, said in words.
 */
export function subscriberGrowth(last30: number, previous30: number) {
  const pct = previous30 > 0 ? Math.round(((last30 - previous30) / previous30) * 100) : null;
  return {
    /** The change in percent, signed ("+12", "-5"), for texts in other languages. */
    pct: pct === null ? null : `${pct > 0 ? "+" : ""}${pct}`,
    joined: `+${last30.toLocaleString("en-US")} in 30 days`,
    icon: last30 > 0 ? ("up" as const) : null,
    change: pct === null ? null : `${pct > 0 ? "+" : ""}${pct}% vs the 30 days before`,
    changeDirection:
      pct === null || pct === 0 ? ("flat" as const) : pct > 0 ? ("up" as const) : ("down" as const),
  };
}
