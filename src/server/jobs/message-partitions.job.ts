import { analyzeMessages, ensureMessageMonths } from "../features/messages/message-partitions";
import type { JobDefinition } from "./boss";

/**
 * Daily: the messages partitions of the coming months exist before their first text, and the
 * parent's statistics (which autovacuum never gathers) are fresh.
 */
export const messagePartitionsJob: JobDefinition = {
  name: "message-partitions",
  cron: "41 3 * * *",
  async handler(ctx) {
    await ensureMessageMonths(ctx.db);
    await analyzeMessages(ctx.db);
  },
};
