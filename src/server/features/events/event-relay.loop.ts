import { defineLoop } from "../../background/loop";
import { relayEvents } from "./event-relay";

/**
 * The account-events outbox to its consumers (automations, outgoing webhooks, phone alerts).
 * The notice of a new event woke the webhook sender before its deliveries existed: wake it again
 * once they do, or they wait for its next poll (up to a second of lag).
 */
export const eventRelayLoop = defineLoop({
  name: "events",
  async step(ctx, wake) {
    const relayed = await relayEvents(ctx);
    if (relayed) wake();
    return relayed;
  },
});
