import { defineLoop } from "../../background/loop";
import { drainInbound } from "./inbound.service";

/**
 * The ingress worker: recorded inbound texts (inbound_work) through compliance, the inbox and
 * the handlers, a batch per transaction. Woken by the notice of inbound_work's trigger, so an
 * idle worker takes a text within milliseconds of the webhook's answer.
 */
export const inboundLoop = defineLoop({
  name: "inbound",
  // Two batches side by side: one's round trips overlap the other's work and commit.
  instances: 2,
  async step(ctx, wake) {
    const taken = await drainInbound(ctx);
    // The batch queued replies and events: the dispatcher and the relay need not wait a poll.
    if (taken > 0) wake();
    return taken > 0;
  },
});
