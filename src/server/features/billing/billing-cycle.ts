import { RENEWAL_RETRIES } from "../../../domain/billing";
import type { AppContext } from "../../http/context";
import { notify } from "../notifications/notifications.service";
import { accountsWithPendingCharges } from "./billing.queries";
import { renew } from "./billing.service";
import * as cq from "./billing-cycle.queries";

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
  await cq.startMissingTrials(db, one);
  const ended = await cq.endTrials(db, now, one);
  counts.trialsEnded = ended.length;
  for (const { accountId } of ended)
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

  const due = await cq.dueRenewals(db, now, RENEWAL_RETRIES, one);
  // A few renewals at once: each is its own transaction on its own account's locked row, and
  // most of a renewal's time is spent waiting (the processor, the database).
  // A charge whose processor answer was lost is asked again at every pass (renew sends it first).
  const accounts = [
    ...new Set([...(await accountsWithPendingCharges(db, one)), ...due.map((r) => r.accountId)]),
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

  counts.closed = await cq.closeCanceled(db, now, one);
  counts.removed = await cq.removeCanceledData(db, now, one);
  return counts;
}
