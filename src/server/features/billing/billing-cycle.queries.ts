import type { Queryable } from "../../db/queryable";

// The statements of the billing cycle (billing-cycle.ts): each runs for every account, or for
// one (`one`, the test clock of a movable-clock server).

/** Accounts made before billing existed start on the trial their trial_ends_at says. */
export async function startMissingTrials(db: Queryable, one: number | null): Promise<void> {
  await db.query(
    `insert into billing_subscriptions (account_id, plan_id, status, period_start, period_end)
     select a.id, 'trial', 'trial', a.created_at, coalesce(a.trial_ends_at, a.created_at + interval '14 days')
       from accounts a
      where not exists (select 1 from billing_subscriptions s where s.account_id = a.id)
        and ($1::int is null or a.id = $1)
     on conflict (account_id) do nothing`,
    [one],
  );
}

/** Trials over at `now` expire and lock their accounts; the accounts locked now. */
export async function endTrials(db: Queryable, now: Date, one: number | null) {
  const ended = await db.query<{ accountId: number }>(
    `with ended as (
       update billing_subscriptions set status = 'expired', updated_at = now()
        where status = 'trial' and period_end <= $1 and ($2::int is null or account_id = $2)
        returning account_id)
     update accounts a set forbidden_reason = 'expired_trial'
       from ended where a.id = ended.account_id and a.forbidden_reason is null
     returning a.id as "accountId"`,
    [now, one],
  );
  return ended.rows;
}

/** Paid periods due for renewal (a failed one again a day later, up to `retries` times). */
export async function dueRenewals(db: Queryable, now: Date, retries: number, one: number | null) {
  const due = await db.query<{ accountId: number }>(
    `select account_id as "accountId" from billing_subscriptions
      where status in ('active', 'past_due') and period_end <= $1
        and failed_attempts < $2
        and period_end + make_interval(days => failed_attempts) <= $1
        and ($3::int is null or account_id = $3)
      order by period_end limit 5000`,
    [now, retries, one],
  );
  return due.rows;
}

/** Canceled subscriptions whose period ended lock their accounts; how many. */
export async function closeCanceled(db: Queryable, now: Date, one: number | null) {
  const closed = await db.query(
    `update accounts a set forbidden_reason = 'canceled'
       from billing_subscriptions s
      where s.account_id = a.id and s.status = 'canceled' and s.period_end <= $1
        and ($2::int is null or a.id = $2)
        and (a.forbidden_reason is null or a.forbidden_reason in ('declined_card', 'expired_card', 'paused'))`,
    [now, one],
  );
  return closed.rowCount ?? 0;
}

/** Canceled accounts past their data-removal date are deleted; how many. */
export async function removeCanceledData(db: Queryable, now: Date, one: number | null) {
  const removed = await db.query(
    `delete from accounts a using billing_subscriptions s
      where s.account_id = a.id and s.status = 'canceled' and s.remove_data_at <= $1
        and ($2::int is null or a.id = $2)`,
    [now, one],
  );
  return removed.rowCount ?? 0;
}
