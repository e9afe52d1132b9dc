import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { answerAutomatically } from "../automations/auto-replies.service";
import { answerByChatbot } from "../chatbots/chatbot-inbound";
import { endChatbotSessions } from "../chatbots/chatbot-sessions";
import { applyInboundCompliance } from "../compliance/compliance.service";
import { recordEvent } from "../events/events.service";
import { automaticAnswerFiled, receiveReply } from "../inbox/inbox.service";
import { handleKeywordText } from "../keywords/keyword-inbound";
import { handleMarketingText } from "../marketing/marketing-inbound";
import { recordInbound } from "../messages/messages.service";
import { numberByE164 } from "../numbers/numbers.service";
import { queueMessage } from "../outbound/outbound.service";
import { grantKeywordConsent } from "../subscribers/subscribers.service";

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
 * The ingress pipeline: route by our number → record once → compliance (STOP/START/HELP) →
 * features (keywords, chatbots, inbox) see only what compliance did not consume. A keyword is
 * still filed in its conversation, with the automatic answer after it.
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
  // STOP ends every conversation with a chatbot at once (START does not resume it).
  if (outcome.handled && outcome.kind === "stop" && subscriberId !== null)
    await endChatbotSessions(ctx, number.accountId, subscriberId);
  if (outcome.handled && outcome.kind === "start" && subscriberId !== null)
    await grantKeywordConsent(ctx, number.accountId, subscriberId, outcome.word);
  // The automatic answer, filed in the same conversation so an agent sees what was said.
  if (outcome.handled && outcome.reply !== null) {
    await queueMessage(ctx, {
      accountId: number.accountId,
      from: { id: number.id, number: number.number },
      to: msg.from,
      body: outcome.reply,
      source: "compliance",
      complianceReply: true,
      ...(subscriberId !== null ? { subscriberId } : {}),
    });
    if (subscriberId !== null) automaticAnswerFiled(ctx, number.accountId, subscriberId);
  }
  // Marketing tools (a check-in, a giveaway entry, a registration or its cancel word, a referral
  // link request): a tool's exact word, before keywords so a pending keyword question (a first
  // name) does not swallow it.
  const inbound = {
    accountId: number.accountId,
    number: { id: number.id, number: number.number },
    from: msg.from,
    body: msg.body,
    messageId: row.id,
  };
  const marketingHandled =
    !outcome.handled &&
    subscriberId !== null &&
    (await handleMarketingText(ctx, { ...inbound, subscriberId }));
  // Growth: a keyword (alone or "JOIN <keyword>") or the answer to a keyword's question.
  const keywordHandled =
    marketingHandled ||
    (!outcome.handled &&
      subscriberId !== null &&
      (await handleKeywordText(ctx, { ...inbound, subscriberId })));
  // The number's chatbot, for a text no compliance word, tool or keyword consumed.
  const chatbotHandled =
    !outcome.handled &&
    !keywordHandled &&
    (await answerByChatbot(ctx, { ...inbound, subscriberId }).catch((err) => {
      log.error({ component: "inbound", err }, "chatbot reply not sent");
      return false;
    }));
  // Automated (smart) replies, last: only a text nothing before consumed.
  if (!outcome.handled && !keywordHandled && !chatbotHandled)
    await answerAutomatically(ctx, {
      accountId: number.accountId,
      number: { id: number.id, number: number.number },
      from: msg.from,
      body: msg.body,
      subscriberId,
      messageId: row.id,
    }).catch((err) => log.error({ component: "inbound", err }, "automated reply not sent"));
  return "recorded";
}
