import { cardExpired } from "../../../domain/billing";
import { AppError } from "../../../domain/errors";
import { assertCan } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { recordAudit } from "../audit/audit.service";
import type { Queryable } from "../credits/credits.service";
import { notify } from "../notifications/notifications.service";
import * as q from "./billing.queries";

/**
 * The forbidden reason billing alone would give the account now: a trial that ended, a renewal
 * that failed (card declined or expired), a pause, a cancellation past its paid-through date.
 */
export async function billingReasonOf(db: Queryable, accountId: number, now: Date) {
  const sub = await q.subscriptionOf(db, accountId);
  if (sub.status === "expired") return "expired_trial";
  if (sub.status === "trial" && sub.periodEnd <= now) return "expired_trial";
  if (sub.status === "paused") return "paused";
  if (sub.status === "canceled" && sub.periodEnd <= now) return "canceled";
  if (sub.status === "past_due") {
    const card = await q.cardOf(db, accountId);
    return card && cardExpired(card, now) ? "expired_card" : "declined_card";
  }
  return null;
}

/**
 * An operator disables an account (doc 1 §4 reason 'disabled'): everything it writes is refused
 * until it is enabled; it reads as before. Enabling restores what billing says it should be.
 * Used by the /ops routes and by `npm run admin -- disable-account` (which has no AppContext:
 * its notification reaches the bell on the next load instead of in real time).
 */
export async function applyDisabled(
  db: Queryable,
  accountId: number,
  disabled: boolean,
  now: Date,
  ctx?: AppContext,
): Promise<{ accountId: number; forbiddenReason: string | null }> {
  const exists = await q.accountBasics(db, accountId);
  if (!exists) throw new AppError("NOT_FOUND", "This account does not exist.");
  const reason = disabled ? "disabled" : await billingReasonOf(db, accountId, now);
  await q.overwriteForbiddenReason(db, accountId, reason);
  await notify(
    db,
    disabled
      ? {
          accountId,
          kind: "billing",
          title: "Your account has been disabled",
          body: "An administrator disabled your account: you can still read everything, but nothing can be changed or sent. Contact support to enable it.",
          link: "/help/contact-us",
        }
      : {
          accountId,
          kind: "billing",
          title: "Your account has been enabled",
          body: "An administrator enabled your account again.",
          link: "/dashboard",
        },
    ctx,
  );
  return { accountId, forbiddenReason: reason };
}

export async function setAccountDisabled(
  ctx: AppContext,
  actor: Actor,
  disabled: boolean,
  now = ctx.clock.now(),
) {
  if (actor.kind !== "operator") throw new AppError("FORBIDDEN", "Only an operator may do this.");
  assertCan(actor, "billing");
  const result = await applyDisabled(ctx.db.$client, actor.accountId, disabled, now, ctx);
  await recordAudit(ctx, actor, {
    action: "account.operator",
    target: { type: "account", id: actor.accountId },
    changes: { disabled: { after: disabled } },
  });
  return result;
}
