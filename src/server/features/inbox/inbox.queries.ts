import type { InboxFilters } from "../../../domain/inbox.schemas";
import type { Db } from "../../db/connection";

/**
 * The inbox's SQL. Plain parameterised SQL on the pool: the list is one statement whose shape
 * follows the filters, and every statement is scoped by account (and, for restricted users, by
 * their numbers) through `scopeSql`.
 */

/**
 * Who is looking: restricted users see only conversations of their numbers; agents only those of
 * subscribers in their groups.
 */
export interface Scope {
  accountId: number;
  userId: number;
  /** null: every number of the account. */
  numberIds: number[] | null;
  /** null: every subscriber of the account. */
  groupIds?: number[] | null;
  /** The injected clock's time: a snooze holds until it (absent: the database's). */
  now?: Date;
}

/** A snooze that still holds, as a condition on `c`. */
function snoozedSql(p: Params, scope: Scope): string {
  const now = scope.now ? `${p.add(scope.now)}::timestamptz` : "now()";
  return `(c.snoozed_until_reply or coalesce(c.snoozed_until > ${now}, false))`;
}

class Params {
  values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** Conditions on `c` (conversations) every statement applies. */
function scopeSql(p: Params, scope: Scope): string[] {
  const where = [`c.account_id = ${p.add(scope.accountId)}`];
  if (scope.numberIds) {
    where.push(
      `(c.phone_number_id = any(${p.add(scope.numberIds)}::int[]) or c.phone_number_id is null)`,
    );
  }
  if (scope.groupIds) {
    where.push(
      `exists (select 1 from group_members gm where gm.subscriber_id = c.subscriber_id
                 and gm.group_id = any(${p.add(scope.groupIds)}::int[]))`,
    );
  }
  return where;
}

/** The filter form as conditions on `c`. */
function filterSql(
  p: Params,
  scope: Scope,
  f: InboxFilters,
  opts: { withTab: boolean; myNumberIds: number[] },
) {
  const where = [...scopeSql(p, scope), "c.blocked_at is null"];
  if (opts.withTab) {
    if (f.status === "archived") where.push("c.archived_at is not null");
    else where.push("c.archived_at is null");
    if (f.status === "assigned") where.push(`c.assigned_user_id = ${p.add(scope.userId)}`);
    if (f.status === "unassigned") where.push("c.assigned_user_id is null");
    // Snoozed conversations leave the open tabs until their time or the contact's next text.
    if (f.snoozed) where.push(snoozedSql(p, scope));
    else if (f.status !== "archived") where.push(`not ${snoozedSql(p, scope)}`);
  }
  if (f.labelId !== undefined) {
    where.push(
      `exists (select 1 from conversation_labels cl where cl.subscriber_id = c.subscriber_id
                and cl.account_id = c.account_id and cl.label_id = ${p.add(f.labelId)})`,
    );
  }
  if (f.number !== undefined) where.push(`c.phone_number_id = ${p.add(f.number)}`);
  if (f.isHideUnassignedNumbers) {
    where.push(`c.phone_number_id = any(${p.add(opts.myNumberIds)}::int[])`);
  }
  if (f.isOnlyChatbot) where.push("c.has_chatbot");
  if (f.groupId !== undefined) {
    where.push(
      `exists (select 1 from group_members gm join groups g on g.id = gm.group_id
                where gm.group_id = ${p.add(f.groupId)} and g.account_id = c.account_id
                  and gm.subscriber_id = c.subscriber_id)`,
    );
  }
  if (f.query) {
    const like = p.add(`%${f.query.replace(/[%_\\]/g, "\\$&")}%`);
    const digits = f.query.replace(/\D/g, "");
    const parts = [
      `s.first_name ilike ${like}`,
      `s.last_name ilike ${like}`,
      `(s.first_name || ' ' || s.last_name) ilike ${like}`,
      `s.email ilike ${like}`,
      `c.preview ilike ${like}`,
    ];
    if (digits.length >= 3) parts.push(`s.phone like ${p.add(`%${digits}%`)}`);
    where.push(`(${parts.join(" or ")})`);
  }
  return where;
}

const PREVIEW_COLUMNS = `
  c.subscriber_id as "id", s.phone as "number", s.first_name as "firstName",
  s.last_name as "lastName", s.email as "email", c.preview as "previewMessage",
  c.last_message_at as "lastTimestamp", c.last_message_type as "lastMessageType",
  c.read as "read", c.unread_count as "unreadMessages", c.archived_at as "archivedAt",
  c.blocked_at as "blockedAt", c.assigned_user_id as "assignedUserId",
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "assignedUserName",
  u.username as "assignedUsername",
  c.phone_number_id as "phoneNumberId", pn.number as "sentFromNumber",
  c.last_outbound_number_id as "lastOutboundNumberId",
  c.snoozed_until as "snoozedUntil", c.snoozed_until_reply as "snoozedUntilReply",
  coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color)
                            order by lower(l.name))
              from conversation_labels cl join inbox_labels l on l.id = cl.label_id
             where cl.subscriber_id = c.subscriber_id and cl.account_id = c.account_id),
           '[]'::json) as "labels",
  exists (select 1 from suppressions sp where sp.account_id = c.account_id and sp.phone = s.phone
          and sp.reason = 'opted_out') as "unsubscribed",
  exists (select 1 from suppressions sp where sp.account_id = c.account_id and sp.phone = s.phone
          and sp.reason = 'blocked') as "suppressedBlocked"`;

const PREVIEW_FROM = `
  from conversations c
  join subscribers s on s.id = c.subscriber_id
  left join users u on u.id = c.assigned_user_id
  left join phone_numbers pn on pn.id = c.phone_number_id`;

export interface PreviewRow {
  id: number;
  number: string;
  firstName: string;
  lastName: string;
  email: string;
  previewMessage: string;
  lastTimestamp: Date;
  lastMessageType: string;
  read: boolean;
  unreadMessages: number;
  archivedAt: Date | null;
  blockedAt: Date | null;
  assignedUserId: number | null;
  assignedUserName: string | null;
  assignedUsername: string | null;
  phoneNumberId: number | null;
  sentFromNumber: string | null;
  lastOutboundNumberId: number | null;
  unsubscribed: boolean;
  suppressedBlocked: boolean;
  snoozedUntil: Date | null;
  snoozedUntilReply: boolean;
  labels: { id: number; name: string; color: string }[];
}

export async function listPreviews(
  db: Db,
  scope: Scope,
  f: InboxFilters,
  page: { page: number; pageSize: number },
  myNumberIds: number[],
): Promise<PreviewRow[]> {
  const p = new Params();
  const where = filterSql(p, scope, f, { withTab: true, myNumberIds });
  const order =
    f.sortByUnread && f.status !== "archived"
      ? "c.read asc, c.last_message_at desc, c.subscriber_id desc"
      : "c.last_message_at desc, c.subscriber_id desc";
  const { rows } = await db.$client.query<PreviewRow>(
    `select ${PREVIEW_COLUMNS} ${PREVIEW_FROM}
      where ${where.join(" and ")}
      order by ${order}
      limit ${p.add(page.pageSize + 1)} offset ${p.add(page.page * page.pageSize)}`,
    p.values,
  );
  return rows;
}

export async function findPreview(db: Db, scope: Scope, subscriberId: number) {
  const p = new Params();
  const where = [...scopeSql(p, scope), `c.subscriber_id = ${p.add(subscriberId)}`];
  const { rows } = await db.$client.query<PreviewRow>(
    `select ${PREVIEW_COLUMNS} ${PREVIEW_FROM} where ${where.join(" and ")}`,
    p.values,
  );
  return rows[0];
}

/** The ids of the conversations a filter selects (bulk actions on "all matching"). */
export function filteredIdsSql(
  scope: Scope,
  f: InboxFilters,
  excludedIds: number[],
  myNumberIds: number[],
): { text: string; values: unknown[] } {
  const p = new Params();
  const where = filterSql(p, scope, f, { withTab: true, myNumberIds });
  if (excludedIds.length) where.push(`c.subscriber_id <> all(${p.add(excludedIds)}::bigint[])`);
  const join = f.query ? "join subscribers s on s.id = c.subscriber_id" : "";
  return {
    text: `select c.subscriber_id from conversations c ${join} where ${where.join(" and ")}`,
    values: p.values,
  };
}

/**
 * How many of the selected conversations (`sel`, a subscriber id query) are on a number that is
 * not one of `numberIds` (a restricted user's).
 */
export async function countOutsideNumbers(
  db: Db,
  accountId: number,
  numberIds: number[],
  sel: { text: string; values: unknown[] },
): Promise<number> {
  const { rows } = await db.$client.query<{ n: string }>(
    `select count(*) as n from conversations c
      where c.account_id = $1 and c.subscriber_id in (${sel.text.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + 2}`)})
        and c.phone_number_id is not null and c.phone_number_id <> all($2::int[])`,
    [accountId, numberIds, ...sel.values],
  );
  return Number(rows[0]!.n);
}

/** Unread conversations per tab, in one pass over the small unread index. */
export async function countUnread(
  db: Db,
  scope: Scope,
  myNumberIds: number[],
  hideUnassigned: boolean,
) {
  const p = new Params();
  const where = [
    ...scopeSql(p, scope),
    "c.blocked_at is null",
    "c.read = false",
    `(c.archived_at is not null or not ${snoozedSql(p, scope)})`,
  ];
  if (hideUnassigned) where.push(`c.phone_number_id = any(${p.add(myNumberIds)}::int[])`);
  const me = p.add(scope.userId);
  const { rows } = await db.$client.query<{
    all: string;
    assigned: string;
    unassigned: string;
    archived: string;
  }>(
    `select count(*) filter (where c.archived_at is null) as "all",
            count(*) filter (where c.archived_at is null and c.assigned_user_id = ${me}) as "assigned",
            count(*) filter (where c.archived_at is null and c.assigned_user_id is null) as "unassigned",
            count(*) filter (where c.archived_at is not null) as "archived"
       from conversations c where ${where.join(" and ")}`,
    p.values,
  );
  const r = rows[0]!;
  return {
    all: Number(r.all),
    assigned: Number(r.assigned),
    unassigned: Number(r.unassigned),
    archived: Number(r.archived),
  };
}

/** Restricted users' numbers (also "my numbers" for hiding unassigned numbers). */
/** The groups an agent works with (spec doc 2 §6: agents must be assigned a group). */
export async function groupIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const { rows } = await db.$client.query<{ id: number }>(
    "select group_id as id from user_groups where user_id = $1",
    [userId],
  );
  return rows.map((r) => r.id);
}

export async function inAnyGroup(db: Db, subscriberId: number, groupIds: number[]) {
  const { rowCount } = await db.$client.query(
    "select 1 from group_members where subscriber_id = $1 and group_id = any($2::int[]) limit 1",
    [subscriberId, groupIds],
  );
  return (rowCount ?? 0) > 0;
}

export async function numberIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const { rows } = await db.$client.query<{ id: number }>(
    `select upn.phone_number_id as id from user_phone_numbers upn where upn.user_id = $1`,
    [userId],
  );
  return rows.map((r) => r.id);
}

export interface SubscriberRef {
  id: number;
  accountId: number;
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  countryId: number;
  signupMethod: string;
  marketingConsent: boolean;
  attributes: Record<string, unknown>;
  createdAt: Date;
}

export async function findSubscriber(db: Db, accountId: number, id: number) {
  const { rows } = await db.$client.query<SubscriberRef>(
    `select id, account_id as "accountId", phone, first_name as "firstName",
            last_name as "lastName", email, country_id as "countryId",
            signup_method as "signupMethod",
            marketing_consent_at is not null as "marketingConsent",
            attributes, created_at as "createdAt"
       from subscribers where account_id = $1 and id = $2`,
    [accountId, id],
  );
  return rows[0];
}

/** The subscriber of the account, with the number of its conversation (null: none yet). */
export async function conversationNumber(db: Db, accountId: number, subscriberId: number) {
  const { rows } = await db.$client.query<{ phoneNumberId: number | null }>(
    `select c.phone_number_id as "phoneNumberId"
       from subscribers s left join conversations c on c.subscriber_id = s.id
      where s.account_id = $1 and s.id = $2`,
    [accountId, subscriberId],
  );
  return rows[0];
}

export async function findSubscriberByPhone(db: Db, accountId: number, phone: string) {
  const { rows } = await db.$client.query<{ id: number }>(
    `select id from subscribers where account_id = $1 and phone = $2`,
    [accountId, phone],
  );
  return rows[0];
}

/**
 * The subscriber of an inbound number, created when unknown: signed up by texting in ('Opt In
 * Message'), but with no marketing consent implied (none is recorded in the consent log).
 */
export async function subscriberForInbound(db: Db, accountId: number, phone: string) {
  const { rows } = await db.$client.query<{ id: number }>(
    `with ins as (
       insert into subscribers (account_id, phone, signup_method, consent_source, consent_detail)
       values ($1, $2, 'OPT_IN_MESSAGE', 'inbound_message',
               'Texted in first; no consent to marketing messages implied')
       on conflict (account_id, phone) do nothing
       returning id)
     select id from ins
     union all
     select id from subscribers where account_id = $1 and phone = $2
     limit 1`,
    [accountId, phone],
  );
  return rows[0]!.id;
}

export async function linkMessageToSubscriber(db: Db, messageId: number, subscriberId: number) {
  await db.$client.query(`update messages set subscriber_id = $2 where id = $1`, [
    messageId,
    subscriberId,
  ]);
}

/**
 * An inbound reply: the conversation moves to the top, gains an unread message and leaves the
 * archive (doc 2 §4 'Incoming reply'). Created on the first reply.
 */
export async function upsertOnReply(
  db: Db,
  r: {
    accountId: number;
    subscriberId: number;
    phoneNumberId: number;
    messageId: number;
    preview: string;
    at: Date;
  },
) {
  await db.$client.query(
    `insert into conversations (subscriber_id, account_id, phone_number_id, last_message_id,
                                last_message_at, last_message_type, preview, read, unread_count)
     values ($1, $2, $3, $4, $5, 'reply', $6, false, 1)
     on conflict (subscriber_id) do update
        set phone_number_id = excluded.phone_number_id,
            last_message_id = excluded.last_message_id,
            last_message_at = greatest(conversations.last_message_at, excluded.last_message_at),
            last_message_type = 'reply', preview = excluded.preview,
            read = false, unread_count = conversations.unread_count + 1,
            archived_at = null, archived_by = null,
            snoozed_until = case
              when conversations.snoozed_until_reply or conversations.snoozed_until > excluded.last_message_at
              then excluded.last_message_at else conversations.snoozed_until end,
            snoozed_until_reply = false`,
    [r.subscriberId, r.accountId, r.phoneNumberId, r.messageId, r.at, r.preview],
  );
}

/** A message sent from the inbox: to the top, answered from `phoneNumberId`, out of the archive. */
export async function upsertOnSend(
  db: Db,
  r: {
    accountId: number;
    subscriberId: number;
    phoneNumberId: number;
    messageId: number;
    preview: string;
  },
) {
  await db.$client.query(
    `insert into conversations (subscriber_id, account_id, phone_number_id, last_outbound_number_id,
                                last_message_id, last_message_at, last_message_type, preview)
     values ($1, $2, $3, $3, $4, now(), 'message', $5)
     on conflict (subscriber_id) do update
        set phone_number_id = excluded.phone_number_id,
            last_outbound_number_id = excluded.last_outbound_number_id,
            last_message_id = excluded.last_message_id, last_message_at = now(),
            last_message_type = 'message', preview = excluded.preview,
            archived_at = null, archived_by = null`,
    [r.subscriberId, r.accountId, r.phoneNumberId, r.messageId, r.preview],
  );
}

/** The conversations among `ids` the scope may see, as conditions on `c` after `taken` parameters. */
function selectionWhere(
  p: Params,
  scope: Scope,
  ids: number[] | { text: string; values: unknown[] },
): string[] {
  const where = scopeSql(p, scope);
  if (Array.isArray(ids)) {
    where.push(`c.subscriber_id = any(${p.add(ids)}::bigint[])`);
  } else {
    // Shift the selection's own $n past the parameters already taken.
    const offset = p.values.length;
    const shifted = ids.text.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + offset}`);
    p.values.push(...ids.values);
    where.push(`c.subscriber_id in (${shifted})`);
  }
  return where;
}

/** An Archived marker for each selected conversation that is not archived yet. */
export async function insertArchivedMarkers(
  db: Db,
  scope: Scope,
  ids: number[] | { text: string; values: unknown[] },
  userId: number | null,
) {
  const p = new Params();
  const user = p.add(userId);
  const where = selectionWhere(p, scope, ids);
  await db.$client.query(
    `insert into conversation_events (account_id, subscriber_id, kind, user_id)
     select c.account_id, c.subscriber_id, 'Archived', ${user} from conversations c
      where ${where.join(" and ")} and c.archived_at is null`,
    p.values,
  );
}

/**
 * What each change does to a conversation row: the SET clause of updateConversations, `$1` the
 * acting user where it names one.
 */
const CONVERSATION_CHANGES = {
  read: "read = true, unread_count = 0",
  unread: "read = false, unread_count = greatest(unread_count, 1)",
  assign: "assigned_user_id = $1",
  unassign: "assigned_user_id = null",
  archive: "archived_at = now(), archived_by = $1, last_message_type = 'Archived'",
  archiveIfOpen:
    "archived_at = coalesce(archived_at, now()), archived_by = coalesce(archived_by, $1), last_message_type = 'Archived'",
  unarchive: `archived_at = null, archived_by = null,
     last_message_type = case when last_message_type = 'Archived' then 'message' else last_message_type end`,
  unsubscribed:
    "archived_at = coalesce(archived_at, now()), archived_by = coalesce(archived_by, $1), last_message_type = 'Unsubscribed'",
  block: "blocked_at = coalesce(blocked_at, now())",
  // Changes no column: only picks the conversations the scope may see (labels are kept apart).
  none: "subscriber_id = subscriber_id",
} as const;

export type ConversationChange = keyof typeof CONVERSATION_CHANGES;

/** The account's unread conversations, as a selection for updateConversations. */
export function unreadSelection(accountId: number): { text: string; values: unknown[] } {
  return {
    text: "select subscriber_id from conversations where account_id = $1 and read = false",
    values: [accountId],
  };
}

/** These conversations (subscriber ids), as a selection for countOutsideNumbers. */
export function idsSelection(ids: number[]): { text: string; values: unknown[] } {
  return { text: "select unnest($1::bigint[])", values: [ids] };
}

/** Applies `set` to the conversations among `ids` the scope may see; returns the ids changed. */
export async function updateConversations(
  db: Db,
  scope: Scope,
  ids: number[] | { text: string; values: unknown[] },
  change: ConversationChange,
  setValues: unknown[] = [],
): Promise<number[]> {
  const set = CONVERSATION_CHANGES[change];
  const p = new Params();
  for (const v of setValues) p.add(v);
  const where = selectionWhere(p, scope, ids);
  const { rows } = await db.$client.query<{ id: string }>(
    `update conversations c set ${set} where ${where.join(" and ")} returning c.subscriber_id as id`,
    p.values,
  );
  return rows.map((r) => Number(r.id));
}

export async function insertEvent(
  db: Db,
  e: {
    accountId: number;
    subscriberId: number;
    kind: "Archived" | "Unsubscribed";
    userId: number | null;
  },
) {
  await db.$client.query(
    `insert into conversation_events (account_id, subscriber_id, kind, user_id) values ($1, $2, $3, $4)`,
    [e.accountId, e.subscriberId, e.kind, e.userId],
  );
}

export interface ThreadMessageRow {
  id: number;
  direction: string;
  source: string;
  status: string;
  body: string;
  mediaUrls: string[];
  createdAt: Date;
  fromNumber: string;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}

/** A page of a conversation's messages, newest first, older than `before`. */
export async function threadMessages(
  db: Db,
  accountId: number,
  subscriberId: number,
  q: { before?: number; limit: number; onlyChatbot: boolean },
) {
  const p = new Params();
  const where = [
    `m.subscriber_id = ${p.add(subscriberId)}`,
    `m.account_id = ${p.add(accountId)}`,
    "m.deleted_at is null",
  ];
  if (q.before) where.push(`m.id < ${p.add(q.before)}`);
  if (q.onlyChatbot) where.push(`m.source = 'chatbot'`);
  const { rows } = await db.$client.query<ThreadMessageRow>(
    `select m.id, m.direction, m.source, m.status, m.body, m.media_urls as "mediaUrls",
            m.created_at as "createdAt", m.from_number as "fromNumber", m.user_id as "userId",
            u.first_name as "firstName", u.last_name as "lastName", u.username
       from messages m left join users u on u.id = m.user_id
      where ${where.join(" and ")}
      order by m.id desc limit ${p.add(q.limit + 1)}`,
    p.values,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function countThread(
  db: Db,
  accountId: number,
  subscriberId: number,
  onlyChatbot: boolean,
) {
  const { rows } = await db.$client.query<{ n: string }>(
    `select count(*) as n from messages m
      where m.subscriber_id = $1 and m.account_id = $2 and m.deleted_at is null
        ${onlyChatbot ? "and m.source = 'chatbot'" : ""}`,
    [subscriberId, accountId],
  );
  return Number(rows[0]!.n);
}

export async function threadEvents(
  db: Db,
  subscriberId: number,
  range: { from: Date | null; to: Date | null },
) {
  const p = new Params();
  const where = [`e.subscriber_id = ${p.add(subscriberId)}`];
  if (range.from) where.push(`e.created_at >= ${p.add(range.from)}`);
  if (range.to) where.push(`e.created_at < ${p.add(range.to)}`);
  const { rows } = await db.$client.query<{
    id: number;
    kind: "Archived" | "Unsubscribed";
    createdAt: Date;
    firstName: string | null;
    lastName: string | null;
    username: string | null;
  }>(
    `select e.id, e.kind, e.created_at as "createdAt", u.first_name as "firstName",
            u.last_name as "lastName", u.username
       from conversation_events e left join users u on u.id = e.user_id
      where ${where.join(" and ")} order by e.created_at`,
    p.values,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function findMessage(db: Db, accountId: number, id: number) {
  const { rows } = await db.$client.query<{
    id: string;
    subscriberId: string | null;
    phoneNumberId: number | null;
    direction: string;
  }>(
    `select id, subscriber_id as "subscriberId", phone_number_id as "phoneNumberId", direction
       from messages where account_id = $1 and id = $2 and deleted_at is null`,
    [accountId, id],
  );
  const r = rows[0];
  return r
    ? {
        id: Number(r.id),
        subscriberId: r.subscriberId === null ? null : Number(r.subscriberId),
        phoneNumberId: r.phoneNumberId,
        direction: r.direction,
      }
    : undefined;
}

export async function markMessageDeleted(db: Db, accountId: number, id: number) {
  await db.$client.query(
    `update messages set deleted_at = now() where account_id = $1 and id = $2`,
    [accountId, id],
  );
}

/** After a deletion: the preview shows the latest message still there. */
export async function refreshPreview(db: Db, accountId: number, subscriberId: number) {
  await db.$client.query(
    `update conversations c
        set preview = coalesce(l.body, ''), last_message_id = l.id,
            last_message_type = case when l.direction = 'inbound' then 'reply'
                                     when l.source = 'chatbot' then 'Chatbot' else 'message' end
       from (select m.id, m.body, m.direction, m.source from messages m
              where m.subscriber_id = $2 and m.account_id = $1 and m.deleted_at is null
              order by m.id desc limit 1) l
      where c.subscriber_id = $2 and c.account_id = $1`,
    [accountId, subscriberId],
  );
}

export async function subscriberGroups(db: Db, accountId: number, subscriberId: number) {
  const { rows } = await db.$client.query<{ id: number; name: string }>(
    `select g.id, g.name from group_members gm join groups g on g.id = gm.group_id
      where gm.subscriber_id = $1 and g.account_id = $2 order by lower(g.name)`,
    [subscriberId, accountId],
  );
  return rows;
}

export async function accountFields(db: Db, accountId: number) {
  const { rows } = await db.$client.query<{ id: number; name: string; type: string }>(
    `select id, name, type from custom_fields where account_id = $1 order by id`,
    [accountId],
  );
  return rows;
}

export async function archivedByName(db: Db, userId: number | null) {
  if (userId === null) return null;
  const { rows } = await db.$client.query<{ name: string }>(
    `select nullif(trim(first_name || ' ' || last_name), '') as name from users where id = $1`,
    [userId],
  );
  return rows[0]?.name ?? null;
}

export async function conversationArchive(db: Db, accountId: number, subscriberId: number) {
  const { rows } = await db.$client.query<{ archivedAt: Date | null; archivedBy: number | null }>(
    `select archived_at as "archivedAt", archived_by as "archivedBy" from conversations
      where account_id = $1 and subscriber_id = $2`,
    [accountId, subscriberId],
  );
  return rows[0];
}

export interface AccountUserRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  permissionLevel: number;
  restricted: boolean;
  numberIds: number[];
}

export async function accountUsers(db: Db, accountId: number): Promise<AccountUserRow[]> {
  const { rows } = await db.$client.query<AccountUserRow>(
    `select u.id, u.username, u.first_name as "firstName", u.last_name as "lastName",
            u.permission_level as "permissionLevel", u.restricted,
            coalesce(array_agg(upn.phone_number_id) filter (where upn.phone_number_id is not null),
                     '{}') as "numberIds"
       from users u left join user_phone_numbers upn on upn.user_id = u.id
      where u.account_id = $1 group by u.id order by u.permission_level desc, lower(u.username)`,
    [accountId],
  );
  return rows;
}

export interface NumberRow {
  id: number;
  number: string;
  name: string;
  tollFree: boolean;
  state: string;
  tfVerification: string;
}

export async function liveNumbers(db: Db, accountId: number): Promise<NumberRow[]> {
  const { rows } = await db.$client.query<NumberRow>(
    `select id, number, name, toll_free as "tollFree", state, tf_verification as "tfVerification"
       from phone_numbers where account_id = $1 and state <> 'released' order by created_at, id`,
    [accountId],
  );
  return rows;
}

export async function accountTimezoneId(db: Db, accountId: number): Promise<number> {
  const { rows } = await db.$client.query<{ tz: number }>(
    `select timezone_id as tz from accounts where id = $1`,
    [accountId],
  );
  return rows[0]?.tz ?? 1;
}

/**
 * Every reply (inbound message) the scope sees, oldest first, for the replies' CSV export:
 * `numberIds` a restricted user's numbers, `groupIds` an Agent's groups (null: all).
 */
export async function* replyExportRows(
  db: Db,
  accountId: number,
  numberIds: number[] | null,
  groupIds: number[] | null,
) {
  let after = 0;
  for (;;) {
    const { rows } = await db.$client.query<{
      id: string;
      body: string;
      mediaUrls: string[];
      createdAt: Date;
      fromNumber: string;
      toNumber: string;
      firstName: string | null;
      lastName: string | null;
    }>(
      `select m.id, m.body, m.media_urls as "mediaUrls", m.created_at as "createdAt",
              m.from_number as "fromNumber", m.to_number as "toNumber",
              s.first_name as "firstName", s.last_name as "lastName"
         from messages m left join subscribers s on s.id = m.subscriber_id
        where m.account_id = $1 and m.direction = 'inbound' and m.deleted_at is null and m.id > $2
          and ($3::int[] is null or m.phone_number_id = any($3::int[]))
          and ($4::int[] is null or exists (select 1 from group_members gm
                where gm.subscriber_id = m.subscriber_id and gm.group_id = any($4::int[])))
        order by m.id limit 1000`,
      [accountId, after, numberIds, groupIds],
    );
    if (rows.length === 0) return;
    for (const r of rows) yield r;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** Every message of a conversation, oldest first, for the CSV export. */
export async function* exportRows(db: Db, accountId: number, subscriberId: number) {
  let after = 0;
  for (;;) {
    const { rows } = await db.$client.query<{
      id: string;
      direction: string;
      body: string;
      status: string;
      mediaUrls: string[];
      createdAt: Date;
      fromNumber: string;
      toNumber: string;
      username: string | null;
    }>(
      `select m.id, m.direction, m.body, m.status, m.media_urls as "mediaUrls",
              m.created_at as "createdAt", m.from_number as "fromNumber", m.to_number as "toNumber",
              u.username
         from messages m left join users u on u.id = m.user_id
        where m.subscriber_id = $1 and m.account_id = $2 and m.deleted_at is null and m.id > $3
        order by m.id limit 1000`,
      [subscriberId, accountId, after],
    );
    if (rows.length === 0) return;
    for (const r of rows) yield r;
    after = Number(rows[rows.length - 1]!.id);
  }
}
