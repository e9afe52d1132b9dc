import { sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import type { Actor } from "../../http/context";

/**
 * Subscribers (with marketing consent: conversation contacts are not counted) in total, as the
 * trigger-kept counter less the contacts (few, off a partial index), and joined in the last two
 * 30-day spans.
 */
export async function subscriberGrowth(db: Db, auth: Actor) {
  const res = await db.execute<{ total: number; last30: number; previous30: number }>(sql`
    select
      (coalesce((select n from subscriber_counts where account_id = ${auth.accountId}), 0)
        - (select count(*) from subscribers where account_id = ${auth.accountId}
            and marketing_consent_at is null))::int as total,
      (select count(*) from subscribers where account_id = ${auth.accountId}
        and created_at >= now() - interval '30 days' and marketing_consent_at is not null)::int as last30,
      (select count(*) from subscribers where account_id = ${auth.accountId}
        and created_at >= now() - interval '60 days'
        and created_at < now() - interval '30 days' and marketing_consent_at is not null)::int as previous30`);
  const row = res.rows[0];
  return {
    total: Number(row?.total ?? 0),
    last30: Number(row?.last30 ?? 0),
    previous30: Number(row?.previous30 ?? 0),
  };
}

/**
 * The account's runs of the last `days` days (today included, days in the account's zone), with
 * the day each went out: the chart counts their deliveries on that day.
 */
export async function runsSince(db: Db, auth: Actor, tz: string, days: number) {
  const res = await db.execute<{
    id: string | number;
    day: string;
    status: string;
    completed_at: string | Date | null;
  }>(sql`
    select r.id, to_char((r.run_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, r.status,
      r.completed_at
    from send_runs r
    where r.account_id = ${auth.accountId}
      and r.run_at >= ((now() at time zone ${tz})::date - ${days - 1}::int)::timestamp at time zone ${tz}
      and r.run_at <= now()`);
  return res.rows.map((r) => ({
    id: Number(r.id),
    day: r.day,
    status: r.status,
    completedAt: r.completed_at ? new Date(r.completed_at) : null,
  }));
}

/** Today's date in the zone, as YYYY-MM-DD (the database's clock, like the rest of the query). */
export async function today(db: Db, tz: string): Promise<string> {
  const res = await db.execute<{ d: string }>(
    sql`select to_char((now() at time zone ${tz})::date, 'YYYY-MM-DD') as d`,
  );
  return res.rows[0]!.d;
}

/**
 * Replies not read yet in the shared inbox (the inbox's conversations, migration 0010), leaving
 * out archived and blocked conversations as the inbox's own lists do.
 */
export async function unreadReplies(db: Db, auth: Actor): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`
    select coalesce(sum(unread_count), 0)::int as n from conversations
    where account_id = ${auth.accountId} and archived_at is null and blocked_at is null`);
  return Number(res.rows[0]?.n ?? 0);
}
