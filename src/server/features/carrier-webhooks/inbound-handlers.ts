import type { TriggerKind } from "../../../domain/triggers";
import { TRIGGER_PRECEDENCE } from "../../../domain/triggers";
import { inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { expectedAtShutdown } from "../../shutdown";
import { answerAutomatically } from "../automations/auto-replies.service";
import { startWorkflowsByText } from "../automations/text-triggers";
import { answerByChatbot } from "../chatbots/chatbot-inbound";
import { endChatbotSessions } from "../chatbots/chatbot-sessions";
import type { ComplianceOutcome } from "../compliance/compliance.service";
import { automaticAnswerFiled } from "../inbox/inbox.service";
import { handleKeywordText } from "../keywords/keyword-inbound";
import { handleMarketingText } from "../marketing/marketing-inbound";
import { queueMessage } from "../outbound/outbound.service";
import { grantKeywordConsent } from "../subscribers/subscribers.service";

/** One recorded inbound text, filed in the inbox, as every handler sees it. */
export interface InboundText {
  accountId: number;
  /** Our number the text came to. */
  number: { id: number; number: string };
  from: string;
  body: string;
  messageId: number;
  /** The person, once the inbox filed the text (null when filing failed). */
  subscriberId: number | null;
  /** What compliance made of the words (decided and recorded before the inbox filed it). */
  compliance: ComplianceOutcome;
}

/**
 * A handler answers "mine or not": true when it took the text (and answered or acted on it), so
 * no handler after it sees the text. A plain function over a context and one text, run by the
 * ingress worker inside its batch's transaction (`ctx.db`).
 */
export interface InboundHandler {
  kind: TriggerKind;
  take(ctx: AppContext, text: InboundText): Promise<boolean>;
}

/** STOP ends chatbot conversations, START records consent, and the answer is queued. */
async function compliance(ctx: AppContext, t: InboundText): Promise<boolean> {
  const outcome = t.compliance;
  if (!outcome.handled) return false;
  if (outcome.kind === "stop" && t.subscriberId !== null)
    await endChatbotSessions(ctx, t.accountId, t.subscriberId);
  if (outcome.kind === "start" && t.subscriberId !== null)
    await grantKeywordConsent(ctx, t.accountId, t.subscriberId, outcome.word);
  // The automatic answer, filed in the same conversation so an agent sees what was said.
  if (outcome.reply !== null) {
    await queueMessage(ctx, {
      accountId: t.accountId,
      from: t.number,
      to: t.from,
      body: outcome.reply,
      source: "compliance",
      complianceReply: true,
      ...(t.subscriberId !== null ? { subscriberId: t.subscriberId } : {}),
    });
    if (t.subscriberId !== null) automaticAnswerFiled(ctx, t.accountId, t.subscriberId);
  }
  return true;
}

const HANDLERS: Record<TriggerKind, InboundHandler["take"]> = {
  compliance,
  // A tool's word (a check-in, a giveaway entry, a registration or its cancel word, a referral
  // request), before keywords so a pending keyword question (a first name) does not swallow it.
  marketing: async (ctx, t) =>
    t.subscriberId !== null && handleMarketingText(ctx, { ...t, subscriberId: t.subscriberId }),
  // A keyword (alone or "JOIN <keyword>") or the answer to a keyword's question.
  keyword: async (ctx, t) =>
    t.subscriberId !== null && handleKeywordText(ctx, { ...t, subscriberId: t.subscriberId }),
  // The number's chatbot: its trigger words or a conversation under way.
  chatbot: answerByChatbot,
  // Workflows that start on a text containing their words.
  workflow: startWorkflowsByText,
  // Automated (smart) replies, last, in their own order.
  auto_reply: answerAutomatically,
};

/** The handlers in the order of TRIGGER_PRECEDENCE (src/domain/triggers.ts). */
export const INBOUND_HANDLERS: readonly InboundHandler[] = TRIGGER_PRECEDENCE.map((kind) => ({
  kind,
  take: HANDLERS[kind],
}));

/**
 * Offers the text to each handler in order; the first that takes it consumes it. Each runs in a
 * savepoint of the caller's transaction: one that fails leaves nothing half written, is logged,
 * and the text goes on to the next (a chatbot that cannot answer leaves it to automated replies).
 */
export async function dispatchInbound(
  ctx: AppContext,
  text: InboundText,
  handlers: readonly InboundHandler[] = INBOUND_HANDLERS,
): Promise<TriggerKind | null> {
  for (const h of handlers) {
    try {
      if (await inTransaction(ctx.db, () => h.take(ctx, text))) return h.kind;
    } catch (err) {
      if (expectedAtShutdown(err)) throw err;
      log.error(
        { component: "inbound", handler: h.kind, messageId: text.messageId, err },
        "inbound text not handled",
      );
    }
  }
  return null;
}
