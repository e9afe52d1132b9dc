import {
  acceptInbound,
  drainInbound,
  type InboundResult,
  type InboundWebhook,
  inboundWorkDue,
} from "../features/carrier-webhooks/inbound.service";
import type { AppContext } from "../http/context";

/**
 * What the tests call where a text comes in: the webhook's part (record the text and its work)
 * and then the ingress worker's (drainInbound), so the text's effects are there when it resolves.
 */
export async function receiveInbound(ctx: AppContext, msg: InboundWebhook): Promise<InboundResult> {
  const result = await acceptInbound(ctx, msg);
  await drainInboundWork(ctx);
  return result;
}

/**
 * Handles every recorded text with the worker's own drain until none is due. The test server's
 * pipeline (a listening server runs one) may hold a batch meanwhile: that one is waited for.
 */
export async function drainInboundWork(ctx: AppContext): Promise<void> {
  for (let round = 0; round < 1000; round++) {
    await drainInbound(ctx);
    if (!(await inboundWorkDue(ctx))) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("inbound texts still waiting after 1000 rounds");
}
