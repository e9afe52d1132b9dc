import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { VoiceBroadcastRow } from "../../../domain/voice";
import type { Db } from "../../db/connection";
import type { Queryable } from "../../db/queryable";
import type { Recipients } from "../sends/recipients";
import { subscribers as s } from "../subscribers/subscribers.public";

/** A broadcast with its calls counted by outcome; the account is always part of the filter. */
export const BROADCAST_SELECT = `
  select b.id, b.name, b.text, b.voice, b.language, b.status, b.recipients, b.error,
         b.phone_number_id as "phoneNumberId", p.number as "fromNumber",
         to_char(b.send_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sendAt",
         to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
         coalesce(c.calls, 0)::int as calls, coalesce(c.completed, 0)::int as completed,
         coalesce(c.unanswered, 0)::int as unanswered, coalesce(c.failed, 0)::int as failed,
         coalesce(c.in_progress, 0)::int as "inProgress", coalesce(c.credits, 0)::int as credits
    from voice_broadcasts b
    join phone_numbers p on p.id = b.phone_number_id
    left join lateral (
      select count(*) as calls,
             count(*) filter (where status = 'completed') as completed,
             count(*) filter (where status in ('busy', 'no-answer', 'canceled')) as unanswered,
             count(*) filter (where status = 'failed') as failed,
             count(*) filter (where status not in ('completed', 'busy', 'no-answer', 'canceled', 'failed')) as in_progress,
             sum(credits) as credits
        from voice_calls v where v.broadcast_id = b.id
    ) c on true`;

export interface DueCall {
  id: number;
  accountId: number;
  fromNumber: string;
  toNumber: string;
  text: string;
  voice: string;
  language: string;
  /** Claimed before and the claim lapsed without an answer: the call may exist already. */
  outcomeUnknown: boolean;
  createdAt: Date;
}

/** Hands claimed calls back untried (not an attempt): the next claim places them afresh. */
export async function releaseCalls(db: Queryable, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.query(
    `update voice_calls set claimed_until = null, attempts = greatest(attempts - 1, 0),
            updated_at = now()
      where id = any($1::bigint[]) and status = 'pending'`,
    [ids],
  );
}

/**
 * Claims pending calls, each leased (claimed_until) so no other worker places it; a dead worker's
 * lease lapses and the call is claimed again, marked outcome-unknown (ask the carrier first).
 */
export async function claimDueCalls(
  db: Queryable,
  limit: number,
  leaseSeconds: number,
): Promise<DueCall[]> {
  const res = await db.query<DueCall>(
    `with picked as (
       select v.id, v.claimed_until is not null as lapsed
         from voice_calls v
        where v.status = 'pending' and (v.claimed_until is null or v.claimed_until < now())
        order by v.id
        limit $1
        for update skip locked
     )
     update voice_calls v
        set claimed_until = now() + $2 * interval '1 second', attempts = v.attempts + 1,
            updated_at = now()
       from picked, voice_broadcasts b
      where v.id = picked.id and b.id = v.broadcast_id
      returning v.id::int, v.account_id as "accountId", v.from_number as "fromNumber",
                v.to_number as "toNumber", b.text, b.voice, b.language,
                picked.lapsed as "outcomeUnknown", v.created_at as "createdAt"`,
    [limit, leaseSeconds],
  );
  return res.rows;
}

/**
 * Who a voice broadcast may call, whatever it says: subscribers with recorded voice consent (a
 * consent of its own, apart from texts) whose number is not opted out or blocked.
 */
export function voiceCallable(accountId: number | SQL): SQL {
  return sql`${s.voiceConsentAt} is not null and not exists (
    select 1 from suppressions x where x.account_id = ${accountId} and x.phone = ${s.phone})`;
}

/** drizzle SQL as text and parameters for a pg client (a transaction outside drizzle). */
export function toPg(query: SQL): { text: string; params: unknown[] } {
  const built = new PgDialect().sqlToQuery(query);
  return { text: built.sql, params: built.params };
}

export async function voiceAudience(db: Db, accountId: number, cond: SQL) {
  const { rows } = await db.execute<{ reason: string | null; n: number }>(
    sql`select case
          when exists (select 1 from suppressions x where x.account_id = ${accountId}
                        and x.phone = ${s.phone} and x.reason = 'opted_out') then 'optedOut'
          when exists (select 1 from suppressions x where x.account_id = ${accountId}
                        and x.phone = ${s.phone}) then 'blocked'
          when ${s.voiceConsentAt} is null then 'noVoiceConsent'
        end as reason, count(*)::int as n
        from ${s} where ${cond} group by 1`,
  );
  const count = (reason: string | null) => rows.find((r) => r.reason === reason)?.n ?? 0;
  return {
    callable: count(null),
    noVoiceConsent: count("noVoiceConsent"),
    optedOut: count("optedOut"),
    blocked: count("blocked"),
  };
}

export async function listBroadcastRows(
  db: Queryable,
  accountId: number,
  status: "scheduled" | null,
): Promise<VoiceBroadcastRow[]> {
  const res = await db.query<VoiceBroadcastRow>(
    `${BROADCAST_SELECT}
      where b.account_id = $1 and ($2::text is null or b.status = $2)
      order by ${status ? "b.send_at asc" : "b.created_at desc"}, b.id desc
      limit 500`,
    [accountId, status],
  );
  return res.rows;
}

export async function findBroadcastRow(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<VoiceBroadcastRow | undefined> {
  const res = await db.query<VoiceBroadcastRow>(
    `${BROADCAST_SELECT} where b.account_id = $1 and b.id = $2`,
    [accountId, id],
  );
  return res.rows[0];
}

/** The broadcast's calls, first 1000. */
export async function callsOfBroadcast(db: Queryable, accountId: number, broadcastId: number) {
  const calls = await db.query<{
    id: number;
    toNumber: string;
    status: string;
    durationSeconds: number | null;
    credits: number;
    updatedAt: string;
  }>(
    `select id::int, to_number as "toNumber", status, duration_seconds as "durationSeconds",
            credits, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
       from voice_calls where account_id = $1 and broadcast_id = $2 order by id limit 1000`,
    [accountId, broadcastId],
  );
  return calls.rows;
}

export interface BroadcastValues {
  phoneNumberId: number;
  name: string;
  text: string;
  voice: string;
  language: string;
  recipients: Recipients;
  sendAt: Date;
}

export async function insertBroadcast(
  db: Queryable,
  accountId: number,
  v: BroadcastValues,
): Promise<number> {
  const res = await db.query<{ id: number }>(
    `insert into voice_broadcasts (account_id, phone_number_id, name, text, voice, language,
                                   recipients, send_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      accountId,
      v.phoneNumberId,
      v.name,
      v.text,
      v.voice,
      v.language,
      JSON.stringify(v.recipients),
      v.sendAt,
    ],
  );
  return res.rows[0]!.id;
}

/** False when the broadcast is not (or no longer) scheduled. */
export async function updateScheduledBroadcast(
  db: Queryable,
  accountId: number,
  id: number,
  v: BroadcastValues,
): Promise<boolean> {
  const res = await db.query(
    `update voice_broadcasts set name = $3, text = $4, voice = $5, language = $6, recipients = $7,
            send_at = $8, phone_number_id = $9, updated_at = now()
      where account_id = $1 and id = $2 and status = 'scheduled'`,
    [
      accountId,
      id,
      v.name,
      v.text,
      v.voice,
      v.language,
      JSON.stringify(v.recipients),
      v.sendAt,
      v.phoneNumberId,
    ],
  );
  return !!res.rowCount;
}

/** False when the broadcast is not (or no longer) scheduled. */
export async function cancelScheduledBroadcast(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<boolean> {
  const res = await db.query(
    `update voice_broadcasts set status = 'canceled', updated_at = now()
      where account_id = $1 and id = $2 and status = 'scheduled'`,
    [accountId, id],
  );
  return !!res.rowCount;
}

/** The subscriber's phone and whether voice consent is given, locked for the change. */
export async function lockVoiceConsent(
  db: Queryable,
  accountId: number,
  subscriberId: number,
): Promise<{ phone: string; given: boolean } | undefined> {
  const current = await db.query<{ phone: string; given: boolean }>(
    `select phone, voice_consent_at is not null as given from subscribers
        where account_id = $1 and id = $2 for update`,
    [accountId, subscriberId],
  );
  return current.rows[0];
}

/** Gives (now) or withdraws voice consent; returns the consent's time. */
export async function writeVoiceConsent(
  db: Queryable,
  accountId: number,
  subscriberId: number,
  given: boolean,
): Promise<Date | null | undefined> {
  const res = await db.query<{ voiceConsentAt: Date | null }>(
    `update subscribers set voice_consent_at = case when $3 then now() end, updated_at = now()
        where account_id = $1 and id = $2
        returning voice_consent_at as "voiceConsentAt"`,
    [accountId, subscriberId, given],
  );
  return res.rows[0]?.voiceConsentAt;
}

/** A consent ledger entry made by hand. */
export async function insertManualConsentEvent(
  db: Queryable,
  accountId: number,
  e: { phone: string; action: string; detail: string; userId: number | null },
): Promise<void> {
  await db.query(
    `insert into consent_events (account_id, phone, action, source, detail, user_id)
       values ($1, $2, $3, 'manual', $4, $5)`,
    [accountId, e.phone, e.action, e.detail, e.userId],
  );
}

/** The next scheduled broadcast that is due, locked (another worker skips it). */
export async function claimDueBroadcast(db: Queryable) {
  const res = await db.query<{
    id: number;
    accountId: number;
    phoneNumberId: number;
    recipients: Recipients;
    creditsPerCall: number;
  }>(
    `select id, account_id as "accountId", phone_number_id as "phoneNumberId", recipients,
                credits_per_call as "creditsPerCall"
           from voice_broadcasts where status = 'scheduled' and send_at <= now()
          order by send_at limit 1 for update skip locked`,
  );
  return res.rows[0];
}

export async function failBroadcast(db: Queryable, id: number, error: string): Promise<void> {
  await db.query(
    `update voice_broadcasts set status = 'failed', error = $2, updated_at = now() where id = $1`,
    [id, error],
  );
}

/** One call per callable recipient matching the condition (none twice); returns how many. */
export async function insertBroadcastCalls(
  db: Queryable,
  b: { id: number; accountId: number; creditsPerCall: number },
  fromNumber: string,
  cond: SQL,
): Promise<number> {
  const insert = toPg(sql`insert into voice_calls
          (account_id, broadcast_id, subscriber_id, from_number, to_number, credits)
        select ${b.accountId}::int, ${b.id}::int, ${s.id}, ${fromNumber}::text,
               ${s.phone}, ${b.creditsPerCall}::int
          from ${s} where (${cond}) and ${voiceCallable(b.accountId)}
        on conflict (broadcast_id, to_number) do nothing`);
  const inserted = await db.query(insert.text, insert.params);
  return inserted.rowCount ?? 0;
}

export async function savepoint(db: Queryable, name: "charge"): Promise<void> {
  await db.query(`savepoint ${name}`);
}

export async function rollbackToSavepoint(db: Queryable, name: "charge"): Promise<void> {
  await db.query(`rollback to savepoint ${name}`);
}

export async function deleteBroadcastCalls(db: Queryable, broadcastId: number): Promise<void> {
  await db.query("delete from voice_calls where broadcast_id = $1", [broadcastId]);
}

export async function setBroadcastStatus(
  db: Queryable,
  id: number,
  status: "sending" | "sent",
): Promise<void> {
  await db.query(`update voice_broadcasts set status = $2, updated_at = now() where id = $1`, [
    id,
    status,
  ]);
}

/** Whether the call's subscriber may still be called. */
export async function callStillCallable(db: Db, callId: number): Promise<boolean> {
  const res = await db.execute(sql`select 1 from voice_calls v
    join ${s} on ${s.id} = v.subscriber_id and ${s.accountId} = v.account_id
    where v.id = ${callId} and ${voiceCallable(sql`v.account_id`)}`);
  return res.rows.length > 0;
}

/** The call, locked for its status change. */
export async function lockCall(db: Queryable, callId: number) {
  const res = await db.query<{
    accountId: number;
    broadcastId: number;
    status: string;
    carrierSid: string | null;
    credits: number;
  }>(
    `select account_id as "accountId", broadcast_id as "broadcastId", status,
              carrier_sid as "carrierSid", credits
         from voice_calls where id = $1 for update`,
    [callId],
  );
  return res.rows[0];
}

export async function writeCallStatus(
  db: Queryable,
  callId: number,
  c: {
    status: string;
    sid: string | null;
    durationSeconds: number | null;
    credits: number;
    error: string | null;
  },
): Promise<void> {
  await db.query(
    `update voice_calls set status = $2, carrier_sid = coalesce(carrier_sid, $3),
              duration_seconds = coalesce($4, duration_seconds), credits = $5, error = coalesce($6, error),
              claimed_until = case when $2 = 'failed' then null else claimed_until end, updated_at = now()
        where id = $1`,
    [callId, c.status, c.sid, c.durationSeconds, c.credits, c.error],
  );
}

/** The broadcast is sent once none of its calls is still under way. */
export async function finishBroadcastIfDone(db: Queryable, broadcastId: number): Promise<void> {
  await db.query(
    `update voice_broadcasts set status = 'sent', updated_at = now()
          where id = $1 and status = 'sending' and not exists (
            select 1 from voice_calls where broadcast_id = $1
               and status not in ('completed', 'busy', 'no-answer', 'failed', 'canceled'))`,
    [broadcastId],
  );
}
