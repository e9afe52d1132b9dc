import type { Queryable } from "../credits/credits.service";

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
