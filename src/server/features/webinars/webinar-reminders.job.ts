import { z } from "zod";
import { defineJob, defineQueue } from "../../background/job";
import { sendDueReminders } from "./webinars.service";

/** Every minute: webinar reminders that came due go to the outbound path. */
export const webinarRemindersJob = defineJob({
  queue: defineQueue("webinar-reminders", z.object({})),
  cron: "* * * * *",
  async handler(ctx) {
    // A backlog (the worker was down) drains in rounds of 500 until none is due.
    while ((await sendDueReminders(ctx)) >= 500) {}
  },
});
