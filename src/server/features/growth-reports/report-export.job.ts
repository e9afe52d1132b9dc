import { z } from "zod";
import { defineJob, defineQueue } from "../../background/job";
import { runReportExport } from "./report-exports.service";

/** One report export, queued by createReportExport. */
export const reportExportQueue = defineQueue(
  "report-export",
  z.object({ exportId: z.number().int().positive() }),
);

/** Writes one report export to its CSV file. */
export const reportExportJob = defineJob({
  queue: reportExportQueue,
  handler: (ctx, { exportId }) => runReportExport(ctx, exportId),
});
