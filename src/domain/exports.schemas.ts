import { z } from "zod";
import { subscriberSelection } from "./subscribers.schemas";

/**
 * What an export writes. Every CSV Parley hands out is one of these, written by the one export
 * job and listed in Export History (/reports/export-history).
 */
export const EXPORT_KINDS = [
  "subscribers",
  "subscriber-report",
  "opt-outs",
  "link-clicks",
  "sent-messages",
  "recipients",
  "conversation",
  "replies",
  "audit-log",
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_KIND_LABELS: Record<ExportKind, string> = {
  subscribers: "Subscribers",
  "subscriber-report": "Subscriber report",
  "opt-outs": "Opt-out report",
  "link-clicks": "Link clicks",
  "sent-messages": "Sent messages",
  recipients: "Sent message recipients",
  conversation: "Conversation",
  replies: "Inbox replies",
  "audit-log": "Audit log",
};

/** A subscriber export's request (listed in /reports/export-history with every other export). */
export const createExportRequest = z.object({ selection: subscriberSelection });

export const subscriberExport = z.object({
  id: z.number(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(["queued", "running", "finished", "failed"]),
  /** 0 … 100 while it is written. */
  progress: z.number(),
  rowCount: z.number(),
  fileName: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  error: z.string().nullable(),
  /** Who started it (the user's name), for the export history; null once that user is gone. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SubscriberExport = z.infer<typeof subscriberExport>;
export const listExportsQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const listExportsResponse = z.object({ total: z.number(), rows: z.array(subscriberExport) });
