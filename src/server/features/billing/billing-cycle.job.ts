import { z } from "zod";
import { defineJob, defineQueue } from "../../background/job";
import { runBillingCycle } from "./billing-cycle";

/** Every ten minutes: trials that ended, renewals due, cancellations that came to their end. */
export const billingCycleJob = defineJob({
  queue: defineQueue("billing-cycle", z.object({})),
  cron: "*/10 * * * *",
  async handler(ctx) {
    await runBillingCycle(ctx, ctx.clock.now());
  },
});
