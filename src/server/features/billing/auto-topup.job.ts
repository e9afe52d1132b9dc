import { z } from "zod";
import { defineJob, defineQueue } from "../../background/job";
import { runAutoTopups } from "./auto-topup";

/** An account whose balance crossed its auto top-up threshold (queued by credits.service). */
export const autoTopupQueue = defineQueue(
  "auto-topup",
  z.object({ accountId: z.number().int().positive().optional() }),
);

/** Every minute, and at once when a charge crosses an account's threshold. */
export const autoTopupJob = defineJob({
  queue: autoTopupQueue,
  cron: "* * * * *",
  async handler(ctx, { accountId }) {
    await runAutoTopups(ctx, ctx.clock.now(), { accountId });
  },
});
