import type { PoolClient } from "pg";
import {
  type ChatbotTree,
  chatbotTurn,
  isTrigger,
  RESTART_AFTER_HOURS,
  SESSION_IDLE_HOURS,
  type TurnAction,
} from "../../../domain/chatbots";
import { creditsOfText } from "../../../domain/credit-rule";
import { AppError } from "../../../domain/errors";
import { previewOf } from "../../../domain/inbox.schemas";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { publish } from "../../realtime/realtime";
import { automaticAnswerFiled } from "../inbox/inbox.service";
import { notify } from "../notifications/notifications.service";
import { chargeTexts, queueMessage } from "../outbound/outbound.service";
import { chatbotsDisabled } from "./chatbots.service";

export interface ChatbotInbound {
  accountId: number;
  number: { id: number; number: string };
  from: string;
  body: string;
  subscriberId: number | null;
  messageId: number;
}

interface Bot {
  id: number;
  name: string;
  trigger_words: string[];
  tree: ChatbotTree;
}

interface Session {
  id: number;
  node_id: string | null;
  idle: boolean;
}

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

async function answerOnce(ctx: AppContext, m: ChatbotInbound): Promise<boolean | "again"> {
  if (m.subscriberId === null) return false;
  const db = ctx.db.$client;
  const bot = (
    await db.query<Bot>(
      `select id, name, trigger_words, tree from chatbots
        where phone_number_id = $1 and account_id = $2 and enabled`,
      [m.number.id, m.accountId],
    )
  ).rows[0];
  if (!bot || (await chatbotsDisabled(ctx))) return false;

  const client = await db.connect();
  let handedTo: number[] = [];
  try {
    await client.query("begin");
    const done = await client.query(`select 1 from chatbot_turns where inbound_message_id = $1`, [
      m.messageId,
    ]);
    if (done.rowCount) {
      await client.query("rollback");
      return true;
    }
    const session = await openSession(client, bot.id, m.subscriberId);
    const trigger = isTrigger(bot.trigger_words, m.body);
    let sessionId: number;
    let at: string | null;
    if (session && !session.idle && !trigger) {
      sessionId = session.id;
      at = session.node_id;
    } else {
      if (!trigger && !(await mayStart(client, bot, m.subscriberId))) {
        await client.query("rollback");
        return false;
      }
      if (session)
        await client.query(
          `update chatbot_sessions set status = 'ended', finished_at = now(), updated_at = now() where id = $1`,
          [session.id],
        );
      const fresh = await client.query<{ id: number }>(
        `insert into chatbot_sessions (chatbot_id, account_id, subscriber_id) values ($1, $2, $3)
         on conflict (chatbot_id, subscriber_id) where status = 'open' do nothing
         returning id::int`,
        [bot.id, m.accountId, m.subscriberId],
      );
      if (!fresh.rows[0]) {
        await client.query("rollback");
        return "again";
      }
      sessionId = fresh.rows[0].id;
      at = null;
    }
    const turn = chatbotTurn(bot.tree, at, m.body);
    // The mark first: a second worker with the same text waits here, then finds it taken.
    const mark = await client.query(
      `insert into chatbot_turns (inbound_message_id, session_id, replies) values ($1, $2, $3)
       on conflict do nothing`,
      [m.messageId, sessionId, turn.replies.length],
    );
    if (!mark.rowCount) {
      await client.query("rollback");
      return true;
    }
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
          subscriberId: m.subscriberId,
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
    await client.query(
      `update chatbot_sessions
          set node_id = $2, status = $3, replies = replies + $4, updated_at = now(),
              finished_at = case when $3 = 'open' then null else now() end
        where id = $1`,
      [sessionId, turn.nodeId, turn.status, turn.replies.length],
    );
    if (lastId !== null)
      await client.query(
        `update conversations
            set has_chatbot = true, last_message_type = 'Chatbot', last_message_id = $3,
                last_message_at = now(), last_outbound_number_id = $4, phone_number_id = $4,
                preview = $5
          where subscriber_id = $1 and account_id = $2`,
        [m.subscriberId, m.accountId, lastId, m.number.id, previewOf(turn.replies.at(-1) ?? "")],
      );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    // A number that opted out, or an account out of credits, gets no answer from the bot.
    if (
      err instanceof AppError &&
      (err.code === "CONFLICT" || err.code === "INSUFFICIENT_CREDITS")
    ) {
      log.warn({ component: "chatbots", chatbotId: bot.id }, `not answered: ${err.message}`);
      return true;
    }
    throw err;
  } finally {
    client.release();
  }
  automaticAnswerFiled(ctx, m.accountId, m.subscriberId);
  if (handedTo.length) publish(ctx, m.accountId, "notification", { userIds: handedTo });
  return true;
}

/** The person's open session with the bot, locked for this turn; idle past the limit says so. */
async function openSession(
  client: PoolClient,
  chatbotId: number,
  subscriberId: number,
): Promise<Session | null> {
  const r = await client.query<Session>(
    `select id::int, node_id, updated_at < now() - make_interval(hours => $3) as idle
       from chatbot_sessions
      where chatbot_id = $1 and subscriber_id = $2 and status = 'open'
      for update`,
    [chatbotId, subscriberId, SESSION_IDLE_HOURS],
  );
  return r.rows[0] ?? null;
}

/**
 * Without a trigger word, any text starts the bot, except soon after a session with it finished:
 * after a hand-off a person is answering, and the bot must not talk over them.
 */
async function mayStart(client: PoolClient, bot: Bot, subscriberId: number): Promise<boolean> {
  if (bot.trigger_words.length) return false;
  const r = await client.query(
    `select 1 from chatbot_sessions
      where chatbot_id = $1 and subscriber_id = $2 and status <> 'open'
        and finished_at > now() - make_interval(hours => $3)
      limit 1`,
    [bot.id, subscriberId, RESTART_AFTER_HOURS],
  );
  return !r.rowCount;
}

/** A node's effect, in the turn's transaction. Returns the users told of a hand-off. */
async function apply(
  client: PoolClient,
  bot: Bot,
  m: ChatbotInbound,
  action: TurnAction,
): Promise<number[]> {
  if (action.kind === "set_field") {
    await client.query(
      `update subscribers s
          set attributes = s.attributes || jsonb_build_object($1::text, $2::text), updated_at = now()
        where s.id = $3 and s.account_id = $4
          and exists (select 1 from custom_fields f where f.id = $1::int and f.account_id = $4)`,
      [String(action.fieldId), action.value, m.subscriberId, m.accountId],
    );
    return [];
  }
  const assigned = action.userId
    ? await client.query(
        `update conversations c set assigned_user_id = u.id, archived_at = null, archived_by = null
           from users u where u.id = $1 and u.account_id = $3
            and c.subscriber_id = $2 and c.account_id = $3`,
        [action.userId, m.subscriberId, m.accountId],
      )
    : null;
  const who = (
    await client.query<{ name: string }>(
      `select coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), phone) as name
         from subscribers where id = $1`,
      [m.subscriberId],
    )
  ).rows[0]?.name;
  return notify(client, {
    accountId: m.accountId,
    // The assignee when there is one, else everyone of the account.
    ...(assigned?.rowCount ? { userId: action.userId as number } : {}),
    kind: "conversation_assigned",
    title: `${bot.name} handed over a conversation`,
    body: `${who ?? m.from}: ${previewOf(m.body).slice(0, 80)}`,
    link: `/inbox?conversation=${m.subscriberId}`,
  });
}
