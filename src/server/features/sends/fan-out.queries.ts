import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { NO_INTERNATIONAL_CREDITS_ERROR } from "../../../domain/international";
import { LANE } from "../../../domain/outbound-policy";
import { MMS_CREDITS } from "../../../domain/segments";
import type { Queryable } from "../../db/queryable";
import { subscribers as s } from "../subscribers/subscribers.public";
import { subscriberAbroad } from "./international.queries";
import type { Recipients } from "./recipients";
import { sendable } from "./recipients.queries";

const dialect = new PgDialect();

/** Runs a drizzle statement on a pg connection (the run's transaction holds one). */
async function runStatement<R extends Record<string, unknown>>(db: Queryable, statement: SQL) {
  const rendered = dialect.sqlToQuery(statement);
  return db.query<R>(rendered.sql, rendered.params as unknown[]);
}

export interface PendingRun {
  id: number;
  sendId: number;
  accountId: number;
  text: string;
  phoneNumberId: number | null;
  userId: number | null;
  isMms: boolean;
  mediaUrls: string[];
  recipients: Recipients;
  ignoreQuietHours: boolean;
}

/** The next pending run, locked (other workers skip it) until the transaction ends. */
export async function lockNextPendingRun(db: Queryable): Promise<PendingRun | undefined> {
  const res = await db.query<PendingRun>(
    `select r.id::int, r.send_id::int as "sendId", r.account_id as "accountId", r.text,
            s.phone_number_id as "phoneNumberId", s.user_id as "userId", s.is_mms as "isMms",
            s.media_urls as "mediaUrls", s.recipients, s.ignore_quiet_hours as "ignoreQuietHours"
       from send_runs r join sends s on s.id = r.send_id
      where r.status = 'pending'
      order by r.run_at, r.id limit 1
      for update of r skip locked`,
  );
  return res.rows[0];
}

/** The run failed with the reason; its send is complete when it was running. */
export async function failRun(db: Queryable, runId: number, error: string): Promise<void> {
  await db.query(
    `update send_runs set status = 'failed', error = $2, completed_at = now() where id = $1`,
    [runId, error],
  );
  await db.query(
    `update sends set status = 'completed', updated_at = now() where id = (select send_id from send_runs where id = $1) and status = 'running'`,
    [runId],
  );
}

/**
 * One delivery row per recipient of the run, in one statement: `where` picks the subscribers,
 * `body` is each one's text, each starts at its area's release (`codes`/`releases`, the others at
 * `fallback`) and its deadline counts the validity period from its turn at `mps`. Answers how
 * many, and the credits and international credits they cost.
 */
export async function insertRunDeliveries(
  db: Queryable,
  o: {
    run: PendingRun;
    sender: { id: number; number: string };
    where: SQL;
    body: SQL;
    fallback: Date;
    codes: string[];
    releases: string[];
    now: Date;
    mps: number;
    validityMinutes: number;
  },
) {
  const { run, sender, where, body, fallback, codes, releases, now, mps } = o;
  const cost = run.isMms ? sql`${MMS_CREDITS}` : sql`n.segs`;
  const statement: SQL = sql`
    with recipients as (
      select ${s.id} as id, ${s.phone} as phone, ${s.areaCode} as area_code, ${body} as body,
             ${subscriberAbroad()} as abroad
        from ${s}
       where ${where} and ${sendable(run.accountId)}
    ),
    numbered as (
      select r.*, parley_segments(r.body) as segs, row_number() over () as rn
        from recipients r
    ),
    inserted as (
      insert into messages (account_id, direction, phone_number_id, from_number, to_number, body,
                            media_urls, segments, status, source, subscriber_id, user_id, run_id,
                            credits, international_credits, pending_dispatch, not_before, lane,
                            deadline_at)
      select ${run.accountId}, 'outbound', ${sender.id}, ${sender.number}, n.phone, n.body,
             ${JSON.stringify(run.mediaUrls)}::jsonb, n.segs, 'Queued', 'campaign', n.id,
             ${run.userId}, ${run.id},
             ${cost}, case when n.abroad then ${cost} else 0 end, true,
             coalesce(q.release, ${fallback.toISOString()}::timestamptz), ${LANE.marketing},
             greatest(
               coalesce(q.release, ${fallback.toISOString()}::timestamptz),
               ${now.toISOString()}::timestamptz + ((n.rn - 1) / ${mps}::float8) * interval '1 second')
               + ${o.validityMinutes}::int * interval '1 minute'
        from numbered n
        left join unnest(${`{${codes.join(",")}}`}::text[], ${`{${releases.map((r) => `"${r}"`).join(",")}}`}::timestamptz[])
               as q(area_code, release) on q.area_code = n.area_code
      returning credits, international_credits
    )
    select count(*)::int as recipients, coalesce(sum(credits), 0)::int as credits,
           coalesce(sum(international_credits), 0)::int as "abroadCredits"
      from inserted`;
  const totals = await runStatement<{ recipients: number; credits: number; abroadCredits: number }>(
    db,
    statement,
  );
  return totals.rows[0]!;
}

/** How many subscribers the condition selects, sendable or not. */
export async function countSelected(db: Queryable, where: SQL): Promise<number> {
  const all = await runStatement<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${s} where ${where}`,
  );
  return all.rows[0]?.n ?? 0;
}

/**
 * Refuses every delivery abroad of the run (nothing charged, nothing sent); answers how many and
 * the message credits they had reserved.
 */
export async function refuseRunDeliveriesAbroad(db: Queryable, runId: number) {
  const refused = await db.query<{ n: number; credits: number }>(
    `with refused as (
       update messages m set status = 'Send Rejected', error_code = $2, pending_dispatch = false,
                             credits = 0, international_credits = 0, updated_at = now()
         from (select id, credits from messages where run_id = $1) before
        where m.id = before.id and m.run_id = $1 and m.international_credits > 0
        returning before.credits
     )
     select count(*)::int as n, coalesce(sum(credits), 0)::int as credits from refused`,
    [runId, NO_INTERNATIONAL_CREDITS_ERROR],
  );
  return refused.rows[0]!;
}

/** The number's pacing row, for the dispatcher to pace its deliveries by. */
export async function ensureDispatchPace(db: Queryable, phoneNumberId: number): Promise<void> {
  await db.query(`insert into dispatch_pace (phone_number_id) values ($1) on conflict do nothing`, [
    phoneNumberId,
  ]);
}

/** The run's outcome once fanned out: dispatching its deliveries, or completed with none. */
export async function markRunFannedOut(
  db: Queryable,
  o: {
    runId: number;
    status: "completed" | "dispatching";
    recipients: number;
    excluded: number;
    credits: number;
    error: string | null;
  },
): Promise<void> {
  await db.query(
    `update send_runs set status = $2, recipients = $3, excluded = $4, credits = $5, error = $6,
            started_at = coalesce(started_at, now()), fanned_out_at = clock_timestamp(),
            completed_at = case when $3 = 0 then now() end
      where id = $1`,
    [o.runId, o.status, o.recipients, o.excluded, o.credits, o.error],
  );
}
