import { z } from "zod";
import { subscriberSelection } from "./subscribers.schemas";

/** Subscriber export (issue 5; listed in /reports/export-history). */
export const createExportRequest = z.object({ selection: subscriberSelection });

export const subscriberExport = z.object({
  id: z.number(),
  status: z.enum(["queued", "running", "finished", "failed"]),
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
