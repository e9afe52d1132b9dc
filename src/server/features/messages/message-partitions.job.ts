import { z } from "zod";
import { defineJob, defineQueue } from "../../background/job";
import { analyzeMessages, ensureMessageMonths } from "./message-partitions";

/**
 * Daily: the messages partitions of the coming months exist before their first text, and the
 * parent's statistics (which autovacuum never gathers) are fresh.
 */
export const messagePartitionsJob = defineJob({
  queue: defineQueue("message-partitions", z.object({})),
  cron: "41 3 * * *",
  async handler(ctx) {
    await ensureMessageMonths(ctx.db);
    await analyzeMessages(ctx.db);
  },
});
