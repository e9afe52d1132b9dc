import { RENEWAL_RETRIES } from "../../../domain/billing";
import type { AppContext } from "../../http/context";
import { notify } from "../notifications/notifications.service";
import { accountsWithPendingCharges } from "./billing.queries";
import { renew } from "./billing.service";

/**
 * One pass of billing at `now` (the clock is a parameter so tests move it): trials that ended
 * lock the account, due periods renew (a declined renewal is tried again a day later, up to
 * RENEWAL_RETRIES times), canceled accounts close at their paid-through date, and their data is
 * removed a month after it.
 */
/** Renewals in flight at once (the pool has 10 connections, shared with the web side). */
const RENEWAL_CONCURRENCY = 4;

export async function runBillingCycle(
  ctx: AppContext,
  now: Date = ctx.clock.now(),
  opts: { accountId?: number } = {},
) {
  const db = ctx.db.$client;
  // One account only (the test clock of a movable-clock server), else all.
  const one = opts.accountId ?? null;
  const counts = { trialsEnded: 0, renewed: 0, failed: 0, closed: 0, removed: 0 };

  // Accounts made before billing existed start on the trial their trial_ends_at says.
  await db.query(
    `insert into billing_subscriptions (account_id, plan_id, status, period_start, period_end)
     select a.id, 'trial', 'trial', a.created_at, coalesce(a.trial_ends_at, a.created_at + interval '14 days')
       from accounts a
      where not exists (select 1 from billing_subscriptions s where s.account_id = a.id)
        and ($1::int is null or a.id = $1)
     on conflict (account_id) do nothing`,
    [one],
  );
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
  counts.trialsEnded = ended.rowCount ?? 0;
  for (const { accountId } of ended.rows)
    await notify(
      db,
      {
        accountId,
        kind: "billing",
        title: "Your Free Trial has ended!",
        body: "Choose a plan to keep sending messages. Your subscribers and history are kept.",
        link: "/billing/manage-subscription/upgrade",
      },
      ctx,
    );

  const due = await db.query<{ accountId: number }>(
    `select account_id as "accountId" from billing_subscriptions
      where status in ('active', 'past_due') and period_end <= $1
        and failed_attempts < $2
        and period_end + make_interval(days => failed_attempts) <= $1
        and ($3::int is null or account_id = $3)
      order by period_end limit 5000`,
    [now, RENEWAL_RETRIES, one],
  );
  // A few renewals at once: each is its own transaction on its own account's locked row, and
  // most of a renewal's time is spent waiting (the processor, the database).
  // A charge whose processor answer was lost is asked again at every pass (renew sends it first).
  const accounts = [
    ...new Set([
      ...(await accountsWithPendingCharges(db, one)),
      ...due.rows.map((r) => r.accountId),
    ]),
  ];
  let next = 0;
  const worker = async () => {
    while (next < accounts.length) {
      const accountId = accounts[next++]!;
      const outcome = await renew(ctx, accountId, now);
      if (outcome === "renewed") counts.renewed++;
      if (outcome === "failed") counts.failed++;
    }
  };
  await Promise.all(Array.from({ length: RENEWAL_CONCURRENCY }, worker));

  const closed = await db.query(
    `update accounts a set forbidden_reason = 'canceled'
       from billing_subscriptions s
      where s.account_id = a.id and s.status = 'canceled' and s.period_end <= $1
        and ($2::int is null or a.id = $2)
        and (a.forbidden_reason is null or a.forbidden_reason in ('declined_card', 'expired_card', 'paused'))`,
    [now, one],
  );
  counts.closed = closed.rowCount ?? 0;

  const removed = await db.query(
    `delete from accounts a using billing_subscriptions s
      where s.account_id = a.id and s.status = 'canceled' and s.remove_data_at <= $1
        and ($2::int is null or a.id = $2)`,
    [now, one],
  );
  counts.removed = removed.rowCount ?? 0;
  return counts;
}
