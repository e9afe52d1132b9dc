import { deleteExpiredSessions } from "../features/auth/sessions.queries";
import type { JobDefinition } from "./boss";

/** Expired sessions are useless rows; drop them hourly so the table stays small. */
export const sessionsPurgeJob: JobDefinition = {
  name: "sessions-purge",
  cron: "17 * * * *",
  async handler(ctx) {
    await deleteExpiredSessions(ctx.db);
  },
};
