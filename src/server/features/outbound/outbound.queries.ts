import type { Pool } from "pg";
import type { Queryable } from "../../db/queryable";
import { updateMessagesInIdOrder } from "../messages/ordered-update";
import { STATUS_EVENTS_SQL } from "../messages/status-events";

/** Wakes every process listening on the channel (inside a transaction: at its commit). */
export async function notifyChannel(
  db: { query(text: string, values?: unknown[]): Promise<unknown> },
  channel: string,
): Promise<void> {
  await db.query(`select pg_notify('${channel}', '')`);
}

/** This connection hears the channel's notices from now on. */
export async function listenOn(
  db: { query(text: string): Promise<unknown> },
  channel: string,
): Promise<void> {
  await db.query(`listen ${channel}`);
}

/**
 * The account's texts held by 'Pause all sending' (not before `holdUntil`) go now, each with its
 * full validity from now; answers how many.
 */
export async function releaseHeldTexts(
  db: Queryable,
  accountId: number,
  holdUntil: Date,
): Promise<number> {
  const res = await db.query(
    `update messages m
        set not_before = now(),
            deadline_at = greatest(m.deadline_at, now() + a.message_validity_minutes * interval '1 minute')
       from accounts a
      where a.id = m.account_id and m.account_id = $1 and m.pending_dispatch
        and m.not_before >= $2`,
    [accountId, holdUntil],
  );
  return res.rowCount ?? 0;
}

/**
 * Claims given back at once (a stopping worker's, for turns not yet come), each only while its
 * claim count is unchanged.
 */
export async function releaseClaims(
  db: Queryable,
  rows: { id: number; attempts: number }[],
): Promise<void> {
  await db.query(
    `update messages m set claimed_until = null, attempts = greatest(m.attempts - 1, 0)
       from unnest($1::bigint[], $2::int[]) as v(id, attempts)
      where m.id = v.id and m.attempts = v.attempts and m.pending_dispatch`,
    [rows.map((row) => row.id), rows.map((row) => row.attempts)],
  );
}

/** The call the carrier took: its sid, and 'queued' unless a status callback moved it on. */
export async function recordPlacedCall(
  db: Queryable,
  callId: number,
  sid: string,
  status: string,
): Promise<void> {
  await db.query(
    `update voice_calls set carrier_sid = $2, claimed_until = null, updated_at = now(),
            status = case when status = 'pending' then $3 else status end
      where id = $1`,
    [callId, sid, status],
  );
}

/** Texts the carrier accepted; a fast status callback's later status is kept. */
export async function markAccepted(
  pool: Pool,
  rows: { id: number; sid: string; segments: number; status: string }[],
): Promise<void> {
  await updateMessagesInIdOrder(
    pool,
    rows.map((r) => r.id),
    `update messages m
        set pending_dispatch = false, claimed_until = null, carrier_sid = v.sid,
            segments = v.segments, sent_at = coalesce(m.sent_at, now()),
            status = case when m.status = 'Queued' then v.status else m.status end,
            updated_at = now()
       from unnest($1::bigint[], $2::text[], $3::int[], $4::text[]) as v(id, sid, segments, status)
      where m.id = v.id and $locked`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.sid),
      rows.map((r) => r.segments),
      rows.map((r) => r.status),
    ],
  );
}

/**
 * Texts to try again at `at` (a hold gives its attempt back), each only while the claim is still
 * this worker's (its claim count unchanged).
 */
export async function giveBackClaims(
  db: Queryable,
  rows: { id: number; at: Date; hold: boolean; uncertain: boolean; attempts: number }[],
): Promise<void> {
  await db.query(
    `update messages m
        set claimed_until = null, not_before = v.at,
            attempts = case when v.hold then greatest(m.attempts - 1, 0) else m.attempts end,
            carrier_uncertain = m.carrier_uncertain or v.uncertain
       from unnest($1::bigint[], $2::timestamptz[], $3::bool[], $4::bool[], $5::int[])
            as v(id, at, hold, uncertain, attempts)
      where m.id = v.id and m.pending_dispatch and m.attempts = v.attempts`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.at),
      rows.map((r) => r.hold),
      rows.map((r) => r.uncertain),
      rows.map((r) => r.attempts),
    ],
  );
}

/** Texts failed with their status and code (a status event each); answers the ids changed. */
export async function markFailed(
  pool: Pool,
  rows: { id: number; status: string; code: number | null }[],
): Promise<number[]> {
  const done = await updateMessagesInIdOrder<{ id: number }>(
    pool,
    rows.map((r) => r.id),
    `, upd as (
       update messages m
          set pending_dispatch = false, claimed_until = null, status = v.status,
              error_code = v.code, updated_at = now()
         from unnest($1::bigint[], $2::text[], $3::int[]) as v(id, status, code)
        where m.id = v.id and m.pending_dispatch and $locked
        returning m.id, m.account_id, m.subscriber_id, m.status, m.error_code, m.to_number,
                  m.from_number
     ),
     ${STATUS_EVENTS_SQL}
     select id::int from upd`,
    [rows.map((r) => r.id), rows.map((r) => r.status), rows.map((r) => r.code)],
  );
  return done.rows.map((r) => r.id);
}

/** Extends the claims still this worker's (claim count unchanged, not lapsed); answers those ids. */
export async function renewClaims(
  pool: Pool,
  rows: { id: number; attempts: number }[],
  leaseSeconds: number,
): Promise<number[]> {
  const res = await updateMessagesInIdOrder<{ id: number }>(
    pool,
    rows.map((r) => r.id),
    `update messages m set claimed_until = now() + $3 * interval '1 second'
       from unnest($1::bigint[], $2::int[]) as v(id, attempts)
      where m.id = v.id and m.attempts = v.attempts and m.pending_dispatch
        and m.claimed_until > now() and $locked
      returning m.id::int`,
    [rows.map((r) => r.id), rows.map((r) => r.attempts), leaseSeconds],
  );
  return res.rows.map((r) => r.id);
}

/** The message a carrier sid is recorded for, if any. */
export async function messageOfCarrierSid(db: Queryable, sid: string): Promise<number | undefined> {
  const owner = await db.query<{ id: number }>(
    `select message_id::int as id from message_carrier_sids where carrier_sid = $1`,
    [sid],
  );
  return owner.rows[0]?.id;
}
