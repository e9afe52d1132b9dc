import { z } from "zod";
import { defineJob, defineQueue } from "../../background/job";
import { runExport } from "./exports.service";

/** One export of any kind, queued by createExport or startExport. */
export const exportQueue = defineQueue(
  "subscribers-export",
  z.object({ exportId: z.number().int().positive() }),
);

/** Writes one export to its CSV file; polled often, as a small one downloads while its button waits. */
export const subscribersExportJob = defineJob({
  queue: exportQueue,
  pollSeconds: 0.5,
  handler: (ctx, { exportId }) => runExport(ctx, exportId),
});
