import { z } from "zod";
import { defineJob, defineQueue } from "../../background/job";
import { runImport } from "./import-runner";

/** One subscriber import, queued by startImport. */
export const importQueue = defineQueue(
  "subscribers-import",
  z.object({ importId: z.number().int().positive() }),
);

/** Runs one subscriber import to the end. */
export const subscribersImportJob = defineJob({
  queue: importQueue,
  handler: (ctx, { importId }) => runImport(ctx, importId),
});
