import { defineLoop } from "../../background/loop";
import { deliverDueWebhooks, webhookHousekeeping } from "./webhook-delivery";

/** Outgoing webhook deliveries that are due (first tries and retries), then housekeeping. */
export const webhookDeliveryLoop = defineLoop({
  name: "webhooks",
  async step(ctx) {
    const attempted = await deliverDueWebhooks(ctx);
    await webhookHousekeeping(ctx);
    return attempted > 0;
  },
});
