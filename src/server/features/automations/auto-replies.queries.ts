import type { AutoReplyInput, AutoReplyMatch, BusinessHours } from "../../../domain/auto-replies";
import type { Queryable } from "../../db/queryable";

export interface AutoReplyRow {
  id: number;
  name: string;
  match: AutoReplyMatch;
  words: string[];
  phone_number_id: number | null;
  reply: string;
  once_every_minutes: number;
  business_hours: BusinessHours | null;
  enabled: boolean;
  position: number;
  answered: number;
  updated_at: Date;
}

const SELECT = `select a.*, coalesce((select sum(x.count) from auto_reply_answers x where x.auto_reply_id = a.id), 0)::int as answered
                  from auto_replies a`;

export async function listAutoReplyRows(db: Queryable, accountId: number): Promise<AutoReplyRow[]> {
  const r = await db.query<AutoReplyRow>(
    `${SELECT} where a.account_id = $1 order by a.position, a.id`,
    [accountId],
  );
  return r.rows;
}

export async function findAutoReplyRow(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<AutoReplyRow | undefined> {
  const r = await db.query<AutoReplyRow>(`${SELECT} where a.account_id = $1 and a.id = $2`, [
    accountId,
    id,
  ]);
  return r.rows[0];
}

/** A new rule, last in the account's order. */
export async function insertAutoReply(
  db: Queryable,
  accountId: number,
  input: AutoReplyInput,
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `insert into auto_replies (account_id, name, match, words, phone_number_id, reply, once_every_minutes, business_hours, enabled, position)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9,
             coalesce((select max(position) + 1 from auto_replies where account_id = $1), 0))
     returning id`,
    [
      accountId,
      input.name,
      input.match,
      JSON.stringify(input.words),
      input.phoneNumberId,
      input.reply,
      input.onceEveryMinutes,
      input.businessHours ? JSON.stringify(input.businessHours) : null,
      input.enabled,
    ],
  );
  return r.rows[0]!.id;
}

/** False when the account has no such rule. */
export async function updateAutoReplyRow(
  db: Queryable,
  accountId: number,
  id: number,
  input: AutoReplyInput,
): Promise<boolean> {
  const r = await db.query(
    `update auto_replies set name = $3, match = $4, words = $5, phone_number_id = $6, reply = $7,
            once_every_minutes = $8, business_hours = $9, enabled = $10, updated_at = now()
      where id = $1 and account_id = $2`,
    [
      id,
      accountId,
      input.name,
      input.match,
      JSON.stringify(input.words),
      input.phoneNumberId,
      input.reply,
      input.onceEveryMinutes,
      input.businessHours ? JSON.stringify(input.businessHours) : null,
      input.enabled,
    ],
  );
  return !!r.rowCount;
}

/** False when the account has no such rule. */
export async function deleteAutoReplyRow(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<boolean> {
  const r = await db.query(`delete from auto_replies where id = $1 and account_id = $2`, [
    id,
    accountId,
  ]);
  return !!r.rowCount;
}

/** The rules in this order (ids of another account are ignored). */
export async function reorderAutoReplyRows(
  db: Queryable,
  accountId: number,
  ids: number[],
): Promise<void> {
  await db.query(
    `update auto_replies a set position = t.pos, updated_at = now()
       from unnest($2::int[]) with ordinality as t(id, pos)
      where a.id = t.id and a.account_id = $1`,
    [accountId, ids],
  );
}

export async function accountTimezoneId(
  db: Queryable,
  accountId: number,
): Promise<number | undefined> {
  const r = await db.query<{ timezone_id: number }>(
    `select timezone_id from accounts where id = $1`,
    [accountId],
  );
  return r.rows[0]?.timezone_id;
}

/** Whether the person texted the account before this message. */
export async function textedBefore(
  db: Queryable,
  accountId: number,
  subscriberId: number,
  messageId: number,
): Promise<boolean> {
  const r = await db.query(
    `select 1 from messages where subscriber_id = $1 and account_id = $2 and direction = 'inbound' and id < $3 limit 1`,
    [subscriberId, accountId, messageId],
  );
  return !!r.rowCount;
}

/** Marks the rule's answer to the person; false when it answered them within its period. */
export async function markAnswered(
  db: Queryable,
  autoReplyId: number,
  subscriberId: number,
  at: Date,
  onceEveryMinutes: number,
): Promise<boolean> {
  const mark = await db.query(
    `insert into auto_reply_answers (auto_reply_id, subscriber_id, answered_at) values ($1, $2, $3)
         on conflict (auto_reply_id, subscriber_id) do update
           set answered_at = excluded.answered_at, count = auto_reply_answers.count + 1
           where auto_reply_answers.answered_at <= excluded.answered_at - make_interval(mins => $4)`,
    [autoReplyId, subscriberId, at, onceEveryMinutes],
  );
  return !!mark.rowCount;
}

/** The account's automated replies that answer words (trigger claims), on their numbers. */
export async function wordAutoReplies(db: Queryable, accountId: number) {
  const r = await db.query<{
    id: number;
    name: string;
    match: "contains" | "exact" | "starts_with";
    words: string[];
    phone_number_id: number | null;
  }>(
    `select id, name, match, words, phone_number_id from auto_replies
      where account_id = $1 and match in ('contains', 'exact', 'starts_with')
        and jsonb_array_length(words) > 0`,
    [accountId],
  );
  return r.rows;
}
