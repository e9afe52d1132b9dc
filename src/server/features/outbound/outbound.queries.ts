import type { Pool } from "pg";
import type { DeliveryStatus } from "../../../domain/delivery-status";
import { type Db, inTransaction } from "../../db/connection";
import type { Queryable } from "../../db/queryable";
import { updateMessagesInIdOrder } from "../messages/ordered-update";
import { STATUS_EVENTS_SQL } from "../messages/status-events";
import { addressStateSql } from "../subscribers/subscribers.public";
import type { Claimed } from "./dispatch-claim";
import type { DecideRow } from "./dispatch-decide";

/**
 * A sending number's pace in texts a second, as SQL over `phone_numbers` aliased `n`: toll-free
 * numbers at the toll-free rate, a long code at its brand's trust tier once brand and campaign
 * are approved, else the unregistered rate. The claim paces by it; the composer estimates by it.
 */
export function numberPaceSql(n: string, tollFreeMps: string, longCodeMps: string): string {
  return `(case when ${n}.toll_free then ${tollFreeMps}
                else coalesce((select t.long_code_mps from brand_trust t
                                 join brand_registrations b on b.account_id = t.account_id
                                where t.account_id = ${n}.account_id
                                  and b.brand_status = 'approved'
                                  and b.campaign_status = 'approved'), ${longCodeMps}) end)::float8`;
}

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
 * this worker's (its claim count unchanged). A renewed one keeps its validity from `at`.
 */
export async function giveBackClaims(
  db: Queryable,
  rows: {
    id: number;
    at: Date;
    hold: boolean;
    renew?: boolean;
    uncertain: boolean;
    attempts: number;
  }[],
): Promise<void> {
  await db.query(
    `update messages m
        set claimed_until = null, not_before = v.at,
            attempts = case when v.hold then greatest(m.attempts - 1, 0) else m.attempts end,
            carrier_uncertain = m.carrier_uncertain or v.uncertain,
            deadline_at = case when v.renew
                               then greatest(m.deadline_at,
                                             v.at + a.message_validity_minutes * interval '1 minute')
                               else m.deadline_at end
       from unnest($1::bigint[], $2::timestamptz[], $3::bool[], $4::bool[], $5::int[], $6::bool[])
            as v(id, at, hold, uncertain, attempts, renew), accounts a
      where m.id = v.id and a.id = m.account_id and m.pending_dispatch and m.attempts = v.attempts`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.at),
      rows.map((r) => r.hold),
      rows.map((r) => r.uncertain),
      rows.map((r) => r.attempts),
      rows.map((r) => r.renew === true),
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

/** One text for the dispatcher, its lane and validity decided; the number gets its pacing row. */
export interface QueuedRow {
  accountId: number;
  phoneNumberId: number;
  fromNumber: string;
  to: string;
  body: string;
  mediaUrls: string[];
  source: string;
  subscriberId: number | null;
  userId: number | null;
  credits: number;
  lane: number;
  internationalCredits: number;
}

/** Queues one text (deadline from the account's validity); undefined when no such account. */
export async function insertQueuedMessage(
  db: Queryable,
  m: QueuedRow,
): Promise<number | undefined> {
  const res = await db.query<{ id: number }>(
    `with ins as (
       insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
                             media_urls, status, source, subscriber_id, user_id, credits,
                             international_credits, pending_dispatch, not_before, lane, deadline_at)
       select $1, 'outbound', $2, $3, $4, $5, $6::jsonb, 'Queued', $7, $8, $9, $10, $12, true, now(),
              $11, now() + a.message_validity_minutes * interval '1 minute'
         from accounts a where a.id = $1
       returning id::int
     ),
     pace as (insert into dispatch_pace (phone_number_id) values ($2) on conflict do nothing)
     select id from ins`,
    [
      m.accountId,
      m.phoneNumberId,
      m.fromNumber,
      m.to,
      m.body,
      JSON.stringify(m.mediaUrls),
      m.source,
      m.subscriberId,
      m.userId,
      m.credits,
      m.lane,
      m.internationalCredits,
    ],
  );
  return res.rows[0]?.id;
}

/**
 * The set-based queue insert as CTEs ending in `queued_ids(id, ord)`: each inserted id with its
 * place (from 1) in the input's order (identity values follow the insert's order, which is the
 * input's). Its parameters are $1 to $11.
 */
function queuedMessagesCtes(rows: readonly Omit<QueuedRow, "userId">[]) {
  return {
    ctes: `input as (
       select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
                            $7::text[], $8::bigint[], $9::smallint[], $10::smallint[], $11::smallint[])
         with ordinality as t(account_id, number_id, from_number, to_number, body, media, source,
                              subscriber_id, credits, lane, international_credits, ord)
     ),
     ins as (
       insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
                             media_urls, status, source, subscriber_id, credits,
                             international_credits, pending_dispatch, not_before, lane, deadline_at)
       select i.account_id, 'outbound', i.number_id, i.from_number, i.to_number, i.body,
              i.media::jsonb, 'Queued', i.source, i.subscriber_id, i.credits,
              i.international_credits, true, now(), i.lane,
              now() + a.message_validity_minutes * interval '1 minute'
         from input i join accounts a on a.id = i.account_id
        order by i.ord
       returning id::int
     ),
     pace as (
       insert into dispatch_pace (phone_number_id)
       select distinct number_id from input on conflict do nothing
     ),
     queued_ids as (select id, (row_number() over (order by id))::int as ord from ins)`,
    params: [
      rows.map((m) => m.accountId),
      rows.map((m) => m.phoneNumberId),
      rows.map((m) => m.fromNumber),
      rows.map((m) => m.to),
      rows.map((m) => m.body),
      rows.map((m) => JSON.stringify(m.mediaUrls)),
      rows.map((m) => m.source),
      rows.map((m) => m.subscriberId),
      rows.map((m) => m.credits),
      rows.map((m) => m.lane),
      rows.map((m) => m.internationalCredits),
    ] as unknown[],
  };
}

/** Queues many texts in one statement; answers each inserted id with its place in the input. */
export async function insertQueuedMessages(
  db: Queryable,
  rows: readonly Omit<QueuedRow, "userId">[],
) {
  const { ctes, params } = queuedMessagesCtes(rows);
  const res = await db.query<{ id: number; ord: number }>(
    `with ${ctes} select id, ord from queued_ids`,
    params,
  );
  return res.rows;
}

/**
 * What a caller writes with the texts it queues, in the same statement: more CTEs that may read
 * `queued_ids(id, ord)`, with their parameters numbered from `first`.
 */
export interface AlsoWritten {
  ctes(first: number): string;
  params: unknown[];
}

/** insertQueuedMessages and the caller's writes in one statement; answers how many it queued. */
export async function insertQueuedMessagesWith(
  db: Queryable,
  rows: readonly Omit<QueuedRow, "userId">[],
  also: AlsoWritten,
): Promise<number> {
  const { ctes, params } = queuedMessagesCtes(rows);
  const res = await db.query<{ n: number }>(
    `with ${ctes}, ${also.ctes(params.length + 1)} select count(*)::int as n from queued_ids`,
    [...params, ...also.params],
  );
  return res.rows[0]?.n ?? 0;
}

/** Where a message stands with the dispatcher. */
export async function messageDispatchState(db: Queryable, id: number) {
  const res = await db.query<{
    status: DeliveryStatus;
    errorCode: number | null;
    pending: boolean;
  }>(
    `select status, error_code as "errorCode", pending_dispatch as pending from messages where id = $1`,
    [id],
  );
  return res.rows[0];
}

/** The suppressions (opted out, blocked) of these account and phone pairs. */
export async function suppressionsOf(db: Queryable, accountIds: number[], phones: string[]) {
  return db.query<{ accountId: number; phone: string; reason: "opted_out" | "blocked" }>(
    `select account_id as "accountId", phone, reason from suppressions
        where (account_id, phone) in (select * from unnest($1::int[], $2::text[]))`,
    [accountIds, phones],
  );
}

/**
 * Each account's zone, quiet hours and 'Pause all sending' setting, and T-Mobile's daily cap for
 * its brand once brand and campaign are approved (as the pace, numberPaceSql).
 */
export async function accountSendFacts(db: Queryable, accountIds: number[]) {
  return db.query<{
    id: number;
    timezoneId: number;
    quietHours: unknown;
    paused: unknown;
    tmobileCap: number | null;
  }>(
    `select a.id, a.timezone_id as "timezoneId",
              (select value from account_settings s
                where s.account_id = a.id and s.name = 'quiet_hours') as "quietHours",
              (select value from account_settings s
                where s.account_id = a.id and s.name = 'disable_sam') as paused,
              (select t.daily_cap from brand_trust t
                 join brand_registrations b on b.account_id = t.account_id
                where t.account_id = a.id and b.brand_status = 'approved'
                  and b.campaign_status = 'approved') as "tmobileCap"
         from accounts a where a.id = any($1::int[])`,
    [accountIds],
  );
}

/**
 * The recipient's mobile network (the subscriber's carrier name) for each row sent from a long
 * code (10DLC: T-Mobile's cap is the brand's on 10DLC only), by the row's index in the arrays.
 */
export async function longCodeRecipientCarriers(
  db: Queryable,
  accountIds: number[],
  phones: string[],
  phoneNumberIds: number[],
) {
  return db.query<{ i: number; carrierName: string }>(
    `select (v.i - 1)::int as i, s.carrier_name as "carrierName"
         from unnest($1::int[], $2::text[], $3::int[]) with ordinality as v(account_id, phone, number_id, i)
         join phone_numbers n on n.id = v.number_id and not n.toll_free
         join subscribers s on s.account_id = v.account_id and s.phone = v.phone
        where s.carrier_name is not null`,
    [accountIds, phones, phoneNumberIds],
  );
}

/** What each brand sent to T-Mobile on this day (T-Mobile's, Pacific time). */
export async function tmobileSentOn(db: Queryable, accountIds: number[], day: string) {
  return db.query<{ accountId: number; sent: number }>(
    `select account_id as "accountId", sent from tmobile_daily_sends
        where account_id = any($1::int[]) and day = $2::date`,
    [accountIds, day],
  );
}

/**
 * Runs `decide` with the brands' T-Mobile counts of the day locked (other workers wait for them)
 * and adds what it says went, so two workers never both take the last of a cap. Older days go.
 */
export async function withTMobileCounts<T>(
  db: Db,
  accountIds: number[],
  day: string,
  decide: (sent: Map<number, number>) => { result: T; used: Map<number, number> },
): Promise<T> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  return inTransaction(db, async (_tx, client) => {
    await client.query(
      `insert into tmobile_daily_sends (account_id, day)
       select id, $2::date from unnest($1::int[]) as id order by id
       on conflict do nothing`,
      [ids, day],
    );
    const res = await client.query<{ accountId: number; sent: number }>(
      `select account_id as "accountId", sent from tmobile_daily_sends
        where account_id = any($1::int[]) and day = $2::date order by account_id for update`,
      [ids, day],
    );
    const { result, used } = decide(new Map(res.rows.map((r) => [r.accountId, r.sent])));
    await client.query(
      `update tmobile_daily_sends t set sent = t.sent + v.n
         from unnest($1::int[], $2::int[]) as v(account_id, n)
        where t.account_id = v.account_id and t.day = $3::date`,
      [[...used.keys()], [...used.values()], day],
    );
    await client.query(
      `delete from tmobile_daily_sends where account_id = any($1::int[]) and day < $2::date`,
      [ids, day],
    );
    return result;
  });
}

/** The state of each subscriber's address field, where the account keeps one. */
export async function addressStates(db: Queryable, subscriberIds: (number | null)[]) {
  return db.query<{ id: number; state: string }>(
    `select id, state from (
       select s.id::int, ${addressStateSql("s")} as state
         from subscribers s where s.id = any($1::bigint[])) x
      where state is not null`,
    [subscriberIds],
  );
}

/** When each pair's marketing texts went in the 24 hours before `now` (a state's cap). */
export async function recentMarketingSends(
  db: Queryable,
  accountIds: number[],
  phones: string[],
  now: Date,
) {
  return db.query<{ accountId: number; phone: string; sent: Date[] }>(
    `select account_id as "accountId", to_number as phone,
              array_agg(sent_at order by sent_at) as sent
         from messages
        where (account_id, to_number) in (select * from unnest($1::int[], $2::text[]))
          and lane = 1 and sent_at > $3::timestamptz - interval '24 hours' and sent_at <= $3
        group by account_id, to_number`,
    [accountIds, phones, now],
  );
}

/** These messages of the account still waiting for the dispatcher, with how many are ahead on their number. */
export async function waitingMessages(
  db: Queryable,
  accountId: number,
  messageIds: readonly number[],
) {
  return db.query<DecideRow & { id: number; ahead: number; notBefore: Date | null }>(
    `select m.id::int, m.account_id as "accountId", m.to_number as "toNumber", m.lane,
            m.phone_number_id as "phoneNumberId", m.body, m.media_urls as "mediaUrls",
            m.subscriber_id::int as "subscriberId", m.source, m.created_at as "createdAt",
            m.deadline_at as "deadlineAt", m.not_before as "notBefore",
            coalesce((select s.ignore_quiet_hours from send_runs sr join sends s on s.id = sr.send_id
                       where sr.id = m.run_id), false) as "ignoreQuietHours",
            (select count(*)::int from messages x
              where x.pending_dispatch and x.phone_number_id = m.phone_number_id
                and x.not_before <= now() and x.id <> m.id
                and (x.lane, x.not_before, x.id) < (m.lane, m.not_before, m.id)) as ahead
       from messages m
      where m.account_id = $1 and m.id = any($2::bigint[]) and m.pending_dispatch`,
    [accountId, messageIds],
  );
}

/** The account's number's pace in texts a second (numberPaceSql). */
export async function paceOfNumber(
  db: Queryable,
  phoneNumberId: number,
  accountId: number,
  tollFreeMps: number,
  longCodeMps: number,
) {
  return db.query<{ mps: number }>(
    `select ${numberPaceSql("n", "$3", "$4")} as mps
         from phone_numbers n where n.id = $1 and n.account_id = $2`,
    [phoneNumberId, accountId, tollFreeMps, longCodeMps],
  );
}

/**
 * Claims the due messages of the numbers whose turn it is (see dispatch-claim.ts claimDue): each
 * with its turn, the numbers' pace moved on by what was taken. A text is due by the server's
 * clock (`now`: a test's, or a test server's that runs ahead) or the database's, whichever is
 * later; pace and leases keep the database's.
 */
export async function claimDueMessages(
  db: Queryable,
  leaseSeconds: number,
  tollFreeMps: number,
  longCodeMps: number,
  lookaheadSeconds: number,
  numbers: number,
  limit: number,
  now: Date,
) {
  return db.query<Claimed>(
    `with p as (
       select d.phone_number_id, greatest(d.next_at, now()) as start_at,
              -- A long code's pace is its brand's trust tier once brand and campaign are
              -- approved (migration 0029), else the unregistered rate.
              ${numberPaceSql("n", "$2", "$3")} as mps
         from dispatch_pace d
         join phone_numbers n on n.id = d.phone_number_id
        where d.next_at <= now() + $4 * interval '1 second'
          and exists (select 1 from messages x
                       where x.pending_dispatch and x.phone_number_id = d.phone_number_id
                         and x.not_before <= greatest(now(), $7::timestamptz)
                         and (x.claimed_until is null or x.claimed_until < now()))
        order by d.next_at
        limit $5
        for update of d skip locked
     ),
     picked as (
       select m.id, p.phone_number_id, p.start_at, p.mps, m.lapsed,
              row_number() over (partition by p.phone_number_id
                                 order by m.lane, m.not_before, m.id) - 1 as i
         from p
         cross join lateral (
           select x.id, x.lane, x.not_before,
                  x.claimed_until is not null or x.carrier_uncertain as lapsed
             from messages x
            where x.pending_dispatch and x.phone_number_id = p.phone_number_id
              and x.not_before <= greatest(now(), $7::timestamptz)
              and (x.claimed_until is null or x.claimed_until < now())
            order by x.lane, x.not_before, x.id
            limit least($6::int, greatest(1, floor(
                    ($4 - extract(epoch from (p.start_at - now()))) * p.mps))::int)
            for update of x skip locked
         ) m
     ),
     paced as (
       update dispatch_pace d
          set next_at = g.start_at + g.n / g.mps * interval '1 second'
         from (select phone_number_id, start_at, mps, count(*) as n
                 from picked group by phone_number_id, start_at, mps) g
        where d.phone_number_id = g.phone_number_id
     )
     update messages m
        set claimed_until = now() + $1 * interval '1 second', attempts = m.attempts + 1
       from picked
      where m.id = picked.id
      returning m.id::int, m.account_id as "accountId", m.phone_number_id as "phoneNumberId",
                m.from_number as "fromNumber", m.to_number as "toNumber", m.body,
                m.media_urls as "mediaUrls", m.run_id::int as "runId",
                m.subscriber_id::int as "subscriberId", m.source, m.lane, m.credits, m.attempts,
                m.international_credits as "internationalCredits",
                m.created_at as "createdAt", m.deadline_at as "deadlineAt",
                coalesce((select s.ignore_quiet_hours from send_runs sr join sends s on s.id = sr.send_id
                           where sr.id = m.run_id), false) as "ignoreQuietHours",
                picked.lapsed as "outcomeUnknown",
                picked.start_at + picked.i / picked.mps * interval '1 second' as "sendAt"`,
    [leaseSeconds, tollFreeMps, longCodeMps, lookaheadSeconds, numbers, limit, now],
  );
}
