import { z } from "zod";
import { defineJob, defineQueue } from "../../background/job";
import { runExport } from "./exports.service";

/** One subscriber export, queued by createExport. */
export const exportQueue = defineQueue(
  "subscribers-export",
  z.object({ exportId: z.number().int().positive() }),
);

/** Writes one subscriber export to its CSV file. */
export const subscribersExportJob = defineJob({
  queue: exportQueue,
  handler: (ctx, { exportId }) => runExport(ctx, exportId),
});
