import { sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import type { AccountEventType } from "./events.service";

export interface WorkRow extends Record<string, unknown> {
  id: string;
  account_id: number;
  type: AccountEventType;
  subscriber_id: number | null;
  data: Record<string, unknown>;
  occurred_at: Date | string;
}

/** Claims a batch of the consumer's due events, oldest first (SKIP LOCKED: workers share). */
export async function claimWork(tx: Executor, consumer: string, batch: number): Promise<WorkRow[]> {
  const res = await tx.execute<WorkRow>(sql`
    with work as (
      select event_id from account_event_work
       where consumer = ${consumer} and not_before <= now()
       order by event_id
       limit ${batch}
       for update skip locked
    )
    select e.id::text as id, e.account_id, e.type, e.subscriber_id::int as subscriber_id,
           e.data, e.occurred_at
      from work w join account_events e on e.id = w.event_id
     order by e.id`);
  return res.rows;
}

/** The consumer is done with these events. */
export async function deleteWork(tx: Executor, consumer: string, claimed: string[]): Promise<void> {
  await tx.execute(sql`
    delete from account_event_work
     where consumer = ${consumer}
       and event_id = any(string_to_array(${claimed.join(",")}, ',')::bigint[])`);
}

/** The consumer's events wait for a retry, backing off per attempt. */
export async function retryWorkLater(
  db: Executor,
  consumer: string,
  claimed: string[],
  message: string,
  retryBaseMs: number,
  retryMaxMs: number,
): Promise<void> {
  await db.execute(sql`
    update account_event_work
       set attempts = attempts + 1,
           last_error = left(${message}, 500),
           not_before = now() + least(${retryMaxMs}::bigint,
                                      ${retryBaseMs}::bigint * (2 ^ least(attempts, 20))::bigint)
                                * interval '1 millisecond'
     where consumer = ${consumer}
       and event_id = any(string_to_array(${claimed.join(",")}, ',')::bigint[])`);
}

/** Writes events (a JSON array of rows) in one statement. */
export async function insertEvents(db: Executor, rows: string): Promise<void> {
  await db.execute(sql`
    insert into account_events (account_id, type, subscriber_id, data)
    select account_id, type, subscriber_id, coalesce(data, '{}'::jsonb)
      from jsonb_to_recordset(${rows}::jsonb)
        as r(account_id int, type text, subscriber_id bigint, data jsonb)`);
}
