import type { PoolClient } from "pg";
import {
  chatbotTurn,
  isTrigger,
  RESTART_AFTER_HOURS,
  SESSION_IDLE_HOURS,
  type TurnAction,
} from "../../../domain/chatbots";
import { creditsOfText } from "../../../domain/credit-rule";
import { AppError } from "../../../domain/errors";
import { previewOf } from "../../../domain/inbox.schemas";
import { inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { publish } from "../../realtime/realtime";
import { automaticAnswerFiled } from "../inbox/inbox.service";
import { notify } from "../notifications/notifications.service";
import { chargeTexts, queueMessage } from "../outbound/outbound.service";
import {
  assignConversation,
  enabledBotOfNumber,
  endSession,
  finishedRecently,
  type InboundBot,
  insertSession,
  lockOpenSession,
  markConversationAnswered,
  markTurn,
  moveSession,
  setSubscriberField,
  setSubscriberName,
  subscriberName,
  turnTaken,
} from "./chatbots.queries";
import { chatbotsDisabled } from "./chatbots.service";

export interface ChatbotInbound {
  accountId: number;
  number: { id: number; number: string };
  from: string;
  body: string;
  subscriberId: number | null;
  messageId: number;
}

type Bot = InboundBot;

/**
 * The inbound hook, after compliance (STOP/HELP never reach it) and keywords: the number's
 * chatbot answers the text when the person is talking to it or may start talking to it. The
 * turn (its replies, their charge of 3 credits each, the field it keeps, the hand-off, the
 * session's move) commits in one transaction keyed by the inbound message, so a crash before
 * the commit answers nothing and a second delivery of the same text answers nothing again.
 * True when the bot took the text (the automated replies leave it alone then).
 */
export async function answerByChatbot(ctx: AppContext, m: ChatbotInbound): Promise<boolean> {
  const first = await answerOnce(ctx, m);
  // Another turn for this person (this very text, delivered twice) opened the session first:
  // now that it committed, this text is either answered already or next in line.
  if (first === "again") return (await answerOnce(ctx, m)) === true;
  return first;
}

/** Leaves the turn's transaction rolled back with this answer. */
class Rollback {
  constructor(readonly answer: boolean | "again") {}
}

async function answerOnce(ctx: AppContext, m: ChatbotInbound): Promise<boolean | "again"> {
  if (m.subscriberId === null) return false;
  const subscriberId = m.subscriberId;
  const bot = await enabledBotOfNumber(ctx.db.$client, m.accountId, m.number.id);
  if (!bot || (await chatbotsDisabled(ctx))) return false;

  let handedTo: number[] = [];
  try {
    await inTransaction(ctx.db, async (_tx, client) => {
      if (await turnTaken(client, m.messageId)) throw new Rollback(true);
      const session = await lockOpenSession(client, bot.id, subscriberId, SESSION_IDLE_HOURS);
      const trigger = isTrigger(bot.trigger_words, m.body);
      let sessionId: number;
      let at: string | null;
      if (session && !session.idle && !trigger) {
        sessionId = session.id;
        at = session.node_id;
      } else {
        if (!trigger && !(await mayStart(client, bot, subscriberId))) throw new Rollback(false);
        if (session) await endSession(client, session.id);
        const fresh = await insertSession(client, bot.id, m.accountId, subscriberId);
        if (fresh === null) throw new Rollback("again");
        sessionId = fresh;
        at = null;
      }
      const turn = chatbotTurn(bot.tree, at, m.body);
      // The mark first: a second worker with the same text waits here, then finds it taken.
      if (!(await markTurn(client, m.messageId, sessionId, turn.replies.length)))
        throw new Rollback(true);
      let lastId: number | null = null;
      for (const body of turn.replies) {
        const credits = creditsOfText({ source: "chatbot", body, isMms: false });
        const q = await queueMessage(
          ctx,
          {
            accountId: m.accountId,
            from: m.number,
            to: m.from,
            body,
            source: "chatbot",
            subscriberId,
            credits,
          },
          client,
        );
        await chargeTexts(client, m.accountId, [{ to: m.from, credits }], {
          reason: "charge",
          description: `Chatbot reply (${bot.name})`,
          messageId: q.id,
        });
        lastId = q.id;
      }
      for (const action of turn.actions)
        handedTo = handedTo.concat(await apply(client, bot, m, action));
      await moveSession(client, sessionId, turn.nodeId, turn.status, turn.replies.length);
      if (lastId !== null)
        await markConversationAnswered(
          client,
          m.accountId,
          subscriberId,
          lastId,
          m.number.id,
          previewOf(turn.replies.at(-1) ?? ""),
        );
    });
  } catch (err) {
    if (err instanceof Rollback) return err.answer;
    // A number that opted out, or an account out of credits, gets no answer from the bot.
    if (
      err instanceof AppError &&
      (err.code === "CONFLICT" || err.code === "INSUFFICIENT_CREDITS")
    ) {
      log.warn({ component: "chatbots", chatbotId: bot.id }, `not answered: ${err.message}`);
      return true;
    }
    throw err;
  }
  automaticAnswerFiled(ctx, m.accountId, subscriberId);
  if (handedTo.length) publish(ctx, m.accountId, "notification", { userIds: handedTo });
  return true;
}

/**
 * Without a trigger word, any text starts the bot, except soon after a session with it finished:
 * after a hand-off a person is answering, and the bot must not talk over them.
 */
async function mayStart(client: PoolClient, bot: Bot, subscriberId: number): Promise<boolean> {
  if (bot.trigger_words.length) return false;
  return !(await finishedRecently(client, bot.id, subscriberId, RESTART_AFTER_HOURS));
}

/** A node's effect, in the turn's transaction. Returns the users told of a hand-off. */
async function apply(
  client: PoolClient,
  bot: Bot,
  m: ChatbotInbound,
  action: TurnAction,
): Promise<number[]> {
  if (action.kind === "set_field") {
    await setSubscriberField(client, m.accountId, m.subscriberId!, action.fieldId, action.value);
    return [];
  }
  if (action.kind === "set_name") {
    await setSubscriberName(client, m.accountId, m.subscriberId!, action.part, action.value);
    return [];
  }
  const assigned = action.userId
    ? await assignConversation(client, m.accountId, m.subscriberId!, action.userId)
    : false;
  const who = await subscriberName(client, m.subscriberId!);
  return notify(client, {
    accountId: m.accountId,
    // The assignee when there is one, else everyone of the account.
    ...(assigned ? { userId: action.userId as number } : {}),
    kind: "conversation_assigned",
    title: `${bot.name} handed over a conversation`,
    body: `${who ?? m.from}: ${previewOf(m.body).slice(0, 80)}`,
    link: `/inbox?conversation=${m.subscriberId}`,
  });
}
