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

/**
 * Takes a batch of the consumer's due events, oldest first (SKIP LOCKED: workers share): their
 * work rows are deleted in the same statement, so a handler that throws rolls the deletion back
 * with its own writes and the events stay due.
 */
export async function takeWork(tx: Executor, consumer: string, batch: number): Promise<WorkRow[]> {
  // Right after a burst (100,000 joins in one statement) the table's statistics still describe
  // a few rows, and the planner sorts every due row of the consumer to take the first few
  // thousand, each batch again (O(n²) over the burst). Without sorts it walks the primary key
  // (consumer, event_id) in order and stops at the batch's size.
  await tx.execute(sql`set local enable_sort = off`);
  const res = await tx.execute<WorkRow>(sql`
    with work as (
      delete from account_event_work w
       where w.consumer = ${consumer}
         and w.event_id in (
           select event_id from account_event_work
            where consumer = ${consumer} and not_before <= now()
            order by event_id
            limit ${batch}
            for update skip locked)
      returning w.event_id
    )
    select e.id::text as id, e.account_id, e.type, e.subscriber_id::int as subscriber_id,
           e.data, e.occurred_at
      from work w join account_events e on e.id = w.event_id`);
  await tx.execute(sql`reset enable_sort`);
  // Oldest first (sorted here: the statement planned without sorts).
  return res.rows.sort((a, b) => a.id.length - b.id.length || (a.id < b.id ? -1 : 1));
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
