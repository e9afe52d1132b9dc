import type { ChatbotTree } from "../../../domain/chatbots";
import type { Queryable } from "../../db/queryable";

export interface ChatbotRow {
  id: number;
  name: string;
  phone_number_id: number;
  number: string;
  number_name: string;
  enabled: boolean;
  trigger_words: string[];
  tree: ChatbotTree;
  updated_at: Date;
  open: number;
  handed_off: number;
  finished: number;
  replies: number;
}

// Session figures come from the (chatbot_id, status) index; replies are kept on each session.
const SELECT = `
  select b.id, b.name, b.phone_number_id, p.number, coalesce(p.name, '') as number_name, b.enabled,
         b.trigger_words, b.tree, b.updated_at,
         coalesce(s.open, 0)::int as open, coalesce(s.handed_off, 0)::int as handed_off,
         coalesce(s.finished, 0)::int as finished, coalesce(s.replies, 0)::int as replies
    from chatbots b
    join phone_numbers p on p.id = b.phone_number_id
    left join lateral (
      select count(*) filter (where x.status = 'open') as open,
             count(*) filter (where x.status = 'handed_off') as handed_off,
             count(*) filter (where x.status in ('ended', 'stopped')) as finished,
             sum(x.replies) as replies
        from chatbot_sessions x where x.chatbot_id = b.id
    ) s on true`;

export async function listChatbotRows(db: Queryable, accountId: number): Promise<ChatbotRow[]> {
  return (
    await db.query<ChatbotRow>(`${SELECT} where b.account_id = $1 order by b.id`, [accountId])
  ).rows;
}

export async function findChatbotRow(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<ChatbotRow | undefined> {
  const r = await db.query<ChatbotRow>(`${SELECT} where b.account_id = $1 and b.id = $2`, [
    accountId,
    id,
  ]);
  return r.rows[0];
}

/** How many of these custom fields are the account's. */
export async function countOwnFields(
  db: Queryable,
  accountId: number,
  fieldIds: number[],
): Promise<number> {
  const r = await db.query(
    `select 1 from custom_fields where id = any($1::int[]) and account_id = $2`,
    [fieldIds, accountId],
  );
  return r.rowCount ?? 0;
}

/** How many of these users are the account's. */
export async function countOwnUsers(
  db: Queryable,
  accountId: number,
  userIds: number[],
): Promise<number> {
  const r = await db.query(`select 1 from users where id = any($1::int[]) and account_id = $2`, [
    userIds,
    accountId,
  ]);
  return r.rowCount ?? 0;
}

export interface ChatbotValues {
  phoneNumberId: number;
  name: string;
  enabled: boolean;
  triggerWords: string[];
  tree: ChatbotTree;
}

export async function insertChatbot(
  db: Queryable,
  accountId: number,
  input: ChatbotValues,
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `insert into chatbots (account_id, phone_number_id, name, enabled, trigger_words, tree)
       values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      accountId,
      input.phoneNumberId,
      input.name,
      input.enabled,
      JSON.stringify(input.triggerWords),
      JSON.stringify(input.tree),
    ],
  );
  return r.rows[0]!.id;
}

/** False when the account has no such bot. */
export async function updateChatbotRow(
  db: Queryable,
  accountId: number,
  id: number,
  input: ChatbotValues,
): Promise<boolean> {
  const r = await db.query(
    `update chatbots set phone_number_id = $3, name = $4, enabled = $5, trigger_words = $6,
              tree = $7, updated_at = now()
        where id = $1 and account_id = $2`,
    [
      id,
      accountId,
      input.phoneNumberId,
      input.name,
      input.enabled,
      JSON.stringify(input.triggerWords),
      JSON.stringify(input.tree),
    ],
  );
  return !!r.rowCount;
}

/** False when the account has no such bot. */
export async function setChatbotEnabledRow(
  db: Queryable,
  accountId: number,
  id: number,
  enabled: boolean,
): Promise<boolean> {
  const r = await db.query(
    `update chatbots set enabled = $3, updated_at = now() where id = $1 and account_id = $2`,
    [id, accountId, enabled],
  );
  return !!r.rowCount;
}

/** False when the account has no such bot. */
export async function deleteChatbotRow(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<boolean> {
  const r = await db.query(`delete from chatbots where id = $1 and account_id = $2`, [
    id,
    accountId,
  ]);
  return !!r.rowCount;
}

/** Ends the person's open sessions with every bot (an opt-out). */
export async function stopOpenSessions(
  db: Queryable,
  accountId: number,
  subscriberId: number,
): Promise<void> {
  await db.query(
    `update chatbot_sessions set status = 'stopped', finished_at = now(), updated_at = now()
      where subscriber_id = $1 and account_id = $2 and status = 'open'`,
    [subscriberId, accountId],
  );
}

// The inbound turn.

export interface InboundBot {
  id: number;
  name: string;
  trigger_words: string[];
  tree: ChatbotTree;
}

export interface OpenSession {
  id: number;
  node_id: string | null;
  idle: boolean;
}

/** The number's enabled bot, if any. */
export async function enabledBotOfNumber(
  db: Queryable,
  accountId: number,
  phoneNumberId: number,
): Promise<InboundBot | undefined> {
  return (
    await db.query<InboundBot>(
      `select id, name, trigger_words, tree from chatbots
        where phone_number_id = $1 and account_id = $2 and enabled`,
      [phoneNumberId, accountId],
    )
  ).rows[0];
}

/** Whether this inbound text had its turn already. */
export async function turnTaken(db: Queryable, inboundMessageId: number): Promise<boolean> {
  const done = await db.query(`select 1 from chatbot_turns where inbound_message_id = $1`, [
    inboundMessageId,
  ]);
  return !!done.rowCount;
}

/** The person's open session with the bot, locked for this turn; idle past the limit says so. */
export async function lockOpenSession(
  db: Queryable,
  chatbotId: number,
  subscriberId: number,
  idleHours: number,
): Promise<OpenSession | null> {
  const r = await db.query<OpenSession>(
    `select id::int, node_id, updated_at < now() - make_interval(hours => $3) as idle
       from chatbot_sessions
      where chatbot_id = $1 and subscriber_id = $2 and status = 'open'
      for update`,
    [chatbotId, subscriberId, idleHours],
  );
  return r.rows[0] ?? null;
}

/** Whether a session of the person with the bot finished within the last hours. */
export async function finishedRecently(
  db: Queryable,
  chatbotId: number,
  subscriberId: number,
  hours: number,
): Promise<boolean> {
  const r = await db.query(
    `select 1 from chatbot_sessions
      where chatbot_id = $1 and subscriber_id = $2 and status <> 'open'
        and finished_at > now() - make_interval(hours => $3)
      limit 1`,
    [chatbotId, subscriberId, hours],
  );
  return !!r.rowCount;
}

export async function endSession(db: Queryable, sessionId: number): Promise<void> {
  await db.query(
    `update chatbot_sessions set status = 'ended', finished_at = now(), updated_at = now() where id = $1`,
    [sessionId],
  );
}

/** A new open session; null when another turn opened one first. */
export async function insertSession(
  db: Queryable,
  chatbotId: number,
  accountId: number,
  subscriberId: number,
): Promise<number | null> {
  const fresh = await db.query<{ id: number }>(
    `insert into chatbot_sessions (chatbot_id, account_id, subscriber_id) values ($1, $2, $3)
         on conflict (chatbot_id, subscriber_id) where status = 'open' do nothing
         returning id::int`,
    [chatbotId, accountId, subscriberId],
  );
  return fresh.rows[0]?.id ?? null;
}

/** Marks the inbound text's turn taken; false when another worker took it. */
export async function markTurn(
  db: Queryable,
  inboundMessageId: number,
  sessionId: number,
  replies: number,
): Promise<boolean> {
  const mark = await db.query(
    `insert into chatbot_turns (inbound_message_id, session_id, replies) values ($1, $2, $3)
       on conflict do nothing`,
    [inboundMessageId, sessionId, replies],
  );
  return !!mark.rowCount;
}

export async function moveSession(
  db: Queryable,
  sessionId: number,
  nodeId: string | null,
  status: string,
  replies: number,
): Promise<void> {
  await db.query(
    `update chatbot_sessions
          set node_id = $2, status = $3, replies = replies + $4, updated_at = now(),
              finished_at = case when $3 = 'open' then null else now() end
        where id = $1`,
    [sessionId, nodeId, status, replies],
  );
}

/** The conversation shows the bot's last reply. */
export async function markConversationAnswered(
  db: Queryable,
  accountId: number,
  subscriberId: number,
  lastMessageId: number,
  phoneNumberId: number,
  preview: string,
): Promise<void> {
  await db.query(
    `update conversations
            set has_chatbot = true, last_message_type = 'Chatbot', last_message_id = $3,
                last_message_at = now(), last_outbound_number_id = $4, phone_number_id = $4,
                preview = $5
          where subscriber_id = $1 and account_id = $2`,
    [subscriberId, accountId, lastMessageId, phoneNumberId, preview],
  );
}

/** Keeps a collected answer in the subscriber's field, when the field is the account's. */
export async function setSubscriberField(
  db: Queryable,
  accountId: number,
  subscriberId: number,
  fieldId: number,
  value: string,
): Promise<void> {
  await db.query(
    `update subscribers s
          set attributes = s.attributes || jsonb_build_object($1::text, $2::text), updated_at = now()
        where s.id = $3 and s.account_id = $4
          and exists (select 1 from custom_fields f where f.id = $1::int and f.account_id = $4)`,
    [String(fieldId), value, subscriberId, accountId],
  );
}

/** Keeps a collected answer as the subscriber's first or last name. */
export async function setSubscriberName(
  db: Queryable,
  accountId: number,
  subscriberId: number,
  part: "first_name" | "last_name",
  value: string,
): Promise<void> {
  // The column comes from a closed set, never from input.
  const column = part === "first_name" ? "first_name" : "last_name";
  await db.query(
    `update subscribers set ${column} = $1, updated_at = now() where id = $2 and account_id = $3`,
    [value, subscriberId, accountId],
  );
}

/** Assigns the conversation to the account's user; false when no such user or conversation. */
export async function assignConversation(
  db: Queryable,
  accountId: number,
  subscriberId: number,
  userId: number,
): Promise<boolean> {
  const r = await db.query(
    `update conversations c set assigned_user_id = u.id, archived_at = null, archived_by = null
           from users u where u.id = $1 and u.account_id = $3
            and c.subscriber_id = $2 and c.account_id = $3`,
    [userId, subscriberId, accountId],
  );
  return !!r.rowCount;
}

/** The subscriber's name, or their phone number without one. */
export async function subscriberName(
  db: Queryable,
  subscriberId: number,
): Promise<string | undefined> {
  return (
    await db.query<{ name: string }>(
      `select coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), phone) as name
         from subscribers where id = $1`,
      [subscriberId],
    )
  ).rows[0]?.name;
}

/** The account's chatbots with trigger words (enabled or not), for the trigger registry. */
export async function chatbotsWithWords(db: Queryable, accountId: number) {
  const r = await db.query<{
    id: number;
    name: string;
    phone_number_id: number;
    trigger_words: string[];
  }>(
    `select id, name, phone_number_id, trigger_words from chatbots
      where account_id = $1 and jsonb_array_length(trigger_words) > 0`,
    [accountId],
  );
  return r.rows;
}
