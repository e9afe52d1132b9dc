import { deleteExpiredSessions } from "../features/auth/sessions.queries";
import { deleteExpiredTokens } from "../features/auth/tokens.queries";
import type { JobDefinition } from "./boss";

/** Expired sessions and sign-in tokens are useless rows; drop them hourly so the tables stay small. */
export const sessionsPurgeJob: JobDefinition = {
  name: "sessions-purge",
  cron: "17 * * * *",
  async handler(ctx) {
    await deleteExpiredSessions(ctx.db);
    // Reset links, invitations, challenges and remembered devices a week past their expiry.
    await deleteExpiredTokens(ctx.db);
  },
};
