import type { JobDefinition } from "../../jobs/boss";
import { REPORT_EXPORT_JOB, runReportExport } from "./report-exports.service";

/** Writes one report export (queued by createReportExport) to its CSV file. */
export const reportExportJob: JobDefinition = {
  name: REPORT_EXPORT_JOB,
  async handler(ctx, data) {
    const exportId = (data as { exportId?: unknown } | undefined)?.exportId;
    if (typeof exportId === "number") await runReportExport(ctx, exportId);
  },
};
