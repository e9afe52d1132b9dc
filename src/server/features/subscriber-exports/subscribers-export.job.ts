import type { JobDefinition } from "../../jobs/boss";
import { EXPORT_JOB, runExport } from "./exports.service";

/** Writes one subscriber export (queued by createExport) to its CSV file. */
export const subscribersExportJob: JobDefinition = {
  name: EXPORT_JOB,
  async handler(ctx, data) {
    const exportId = (data as { exportId?: unknown } | undefined)?.exportId;
    if (typeof exportId === "number") await runExport(ctx, exportId);
  },
};
