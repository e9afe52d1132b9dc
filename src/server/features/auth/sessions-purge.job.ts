import { z } from "zod";
import { defineJob, defineQueue } from "../../background/job";
import { deleteExpiredSessions } from "./sessions.queries";
import { deleteExpiredTokens } from "./tokens.queries";

/** Expired sessions and sign-in tokens are useless rows; drop them hourly so the tables stay small. */
export const sessionsPurgeJob = defineJob({
  queue: defineQueue("sessions-purge", z.object({})),
  cron: "17 * * * *",
  async handler(ctx) {
    await deleteExpiredSessions(ctx.db);
    // Reset links, invitations, challenges and remembered devices a week past their expiry.
    await deleteExpiredTokens(ctx.db);
  },
});
