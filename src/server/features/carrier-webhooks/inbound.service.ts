import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { applyInboundCompliance } from "../compliance/compliance.service";
import { recordEvent } from "../events/events.service";
import { receiveReply } from "../inbox/inbox.service";
import { recordInbound } from "../messages/messages.service";
import { numberByE164 } from "../numbers/numbers.service";
import { dispatchInbound } from "./inbound-handlers";

export interface InboundWebhook {
  sid: string;
  from: string;
  to: string;
  body: string;
  mediaUrls: string[];
  segments: number;
}

export type InboundResult = "recorded" | "duplicate" | "unknown_number";

/**
 * The ingress pipeline: route by our number → record once → compliance reads the words (and
 * records an opt-out) → the inbox files the text → the handlers of inbound-handlers.ts, in the
 * order of TRIGGER_PRECEDENCE, until one takes it. A keyword is still filed in its conversation,
 * with the automatic answer after it.
 */
export async function receiveInbound(ctx: AppContext, msg: InboundWebhook): Promise<InboundResult> {
  const number = await numberByE164(ctx, msg.to);
  if (!number) return "unknown_number";
  const row = await recordInbound(ctx, {
    accountId: number.accountId,
    phoneNumberId: number.id,
    ...msg,
  });
  if (!row) return "duplicate";

  const outcome = await applyInboundCompliance(ctx, {
    accountId: number.accountId,
    phoneNumberId: number.id,
    from: msg.from,
    body: msg.body,
    messageId: row.id,
  });
  const kind = outcome.handled ? outcome.kind : null;
  // The inbox: conversation moved to the top, unread, live on open screens. Recorded already, so
  // a failure here is logged rather than answered with an error (a retry would be a duplicate).
  const subscriberId = await receiveReply(ctx, {
    accountId: number.accountId,
    phoneNumberId: number.id,
    messageId: row.id,
    from: msg.from,
    body: msg.body,
    mediaUrls: msg.mediaUrls,
    compliance: kind,
  }).catch((err) => {
    log.error({ component: "inbound", err }, "inbox: reply not filed");
    return null;
  });
  // For automations and webhooks; `compliance` says when the words were STOP, START or HELP.
  await recordEvent(ctx.db, {
    accountId: number.accountId,
    type: "message.received",
    subscriberId,
    data: {
      messageId: row.id,
      numberId: number.id,
      from: msg.from,
      body: msg.body,
      mediaUrls: msg.mediaUrls,
      compliance: kind,
    },
  });
  // Then the handlers in their order (compliance, marketing tools, keywords, chatbot,
  // workflows, automated replies): the first that takes the text consumes it.
  await dispatchInbound(ctx, {
    accountId: number.accountId,
    number: { id: number.id, number: number.number },
    from: msg.from,
    body: msg.body,
    messageId: row.id,
    subscriberId,
    compliance: outcome,
  });
  return "recorded";
}
