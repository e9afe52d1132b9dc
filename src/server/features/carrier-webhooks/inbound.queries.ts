import type { Db } from "../../db/connection";
import { inboundWork } from "./carrier-webhooks.schema";

/** One recorded inbound text waiting for the ingress worker, as claimed. */
export interface InboundWorkRow {
  messageId: number;
  accountId: number;
  phoneNumberId: number;
  toNumber: string;
  sender: string;
  body: string;
  mediaUrls: string[];
  attempts: number;
}

/** The work row of a text just recorded, in the webhook's transaction. */
export async function insertWork(
  db: Db,
  row: Omit<InboundWorkRow, "attempts"> & { priority: number },
): Promise<void> {
  await db.insert(inboundWork).values(row);
}

/**
 * Takes a batch of due texts, STOP/HELP/START first, then oldest first, each only when no older
 * text of the same sender to the same number is still there (waiting, backing off, or being
 * handled by another worker: its row stays until that worker commits), so one sender's texts
 * are handled in order while any number of workers share the rest (SKIP LOCKED).
 */
export async function takeWork(
  tx: Db,
  batch: number,
): Promise<(InboundWorkRow & { priority: number })[]> {
  const { rows } = await tx.$client.query<InboundWorkRow & { priority: number }>(
    `select w.message_id::int as "messageId", w.account_id as "accountId",
            w.phone_number_id as "phoneNumberId", w.to_number as "toNumber", w.sender, w.body,
            w.media_urls as "mediaUrls", w.attempts, w.priority
       from inbound_work w
      where w.not_before <= now()
        and not exists (select 1 from inbound_work o
                         where o.phone_number_id = w.phone_number_id and o.sender = w.sender
                           and o.message_id < w.message_id)
      order by w.priority, w.message_id
      limit $1
      for update of w skip locked`,
    [batch],
  );
  return rows;
}

type Key = Pick<InboundWorkRow, "phoneNumberId" | "sender" | "messageId">;

function keyArrays(keys: Key[]) {
  return [
    keys.map((k) => k.phoneNumberId),
    keys.map((k) => k.sender),
    keys.map((k) => k.messageId),
  ];
}

/** The texts handled: their rows go in the transaction that committed their effects. */
export async function finishWork(tx: Db, keys: Key[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.$client.query(
    `delete from inbound_work w
      using unnest($1::int[], $2::text[], $3::bigint[]) as k(phone_number_id, sender, message_id)
      where w.phone_number_id = k.phone_number_id and w.sender = k.sender
        and w.message_id = k.message_id`,
    keyArrays(keys),
  );
}

/** Texts whose handling failed wait for a retry, backing off per attempt. */
export async function retryWorkLater(
  tx: Db,
  failed: (Key & { error: string })[],
  retryBaseMs: number,
  retryMaxMs: number,
): Promise<void> {
  if (failed.length === 0) return;
  await tx.$client.query(
    `update inbound_work w
        set attempts = w.attempts + 1,
            last_error = left(k.error, 500),
            not_before = now() + least($5::bigint, $4::bigint * (2 ^ least(w.attempts, 20))::bigint)
                                 * interval '1 millisecond'
       from unnest($1::int[], $2::text[], $3::bigint[], $6::text[])
         as k(phone_number_id, sender, message_id, error)
      where w.phone_number_id = k.phone_number_id and w.sender = k.sender
        and w.message_id = k.message_id`,
    [...keyArrays(failed), retryBaseMs, retryMaxMs, failed.map((f) => f.error)],
  );
}

/** Whether some text is due now (waiting or being handled), not counting those backing off. */
export async function hasDueWork(db: Db): Promise<boolean> {
  const { rows } = await db.$client.query<{ due: boolean }>(
    "select exists (select 1 from inbound_work where not_before <= now()) as due",
  );
  return rows[0]?.due ?? false;
}
