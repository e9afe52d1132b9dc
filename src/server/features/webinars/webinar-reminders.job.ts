import type { JobDefinition } from "../../jobs/boss";
import { sendDueReminders } from "./webinars.service";

/** Every minute: webinar reminders that came due go to the outbound path. */
export const webinarRemindersJob: JobDefinition = {
  name: "webinar-reminders",
  cron: "* * * * *",
  async handler(ctx) {
    // A backlog (the worker was down) drains in rounds of 500 until none is due.
    while ((await sendDueReminders(ctx)) >= 500) {}
  },
};
