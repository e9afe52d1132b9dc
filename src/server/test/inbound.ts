import {
  acceptInbound,
  handleInboundNow,
  type InboundResult,
  type InboundWebhook,
} from "../features/carrier-webhooks/inbound.service";
import type { AppContext } from "../http/context";

/**
 * What the tests call where a text comes in: the webhook's part (record the text and its work)
 * and then the ingress worker's drain, so the text's effects are there when it resolves.
 */
export async function receiveInbound(ctx: AppContext, msg: InboundWebhook): Promise<InboundResult> {
  const result = await acceptInbound(ctx, msg);
  await handleInboundNow(ctx);
  return result;
}
