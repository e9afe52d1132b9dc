import type { PoolClient } from "pg";
import { AUTO_TOPUP_RETRY_MS, bundleOf, MESSAGE_BUNDLES } from "../../../domain/billing";
import type { AutoTopupInput } from "../../../domain/billing.schemas";
import { assertCan } from "../../../domain/permissions";
import { inTransaction as inTransactionOn } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { grantPaidCredits } from "../credits/credits.service";
import { notify } from "../notifications/notifications.service";
import * as tq from "./auto-topup.queries";
import { chargeAccount } from "./billing.service";

/** Saving the setting clears a past failure, so the next pass tries again at once. */
export async function saveAutoTopup(
  ctx: AppContext,
  auth: Actor,
  input: AutoTopupInput,
): Promise<void> {
  assertCan(auth, "billing");
  await tq.upsertAutoTopup(ctx.db.$client, auth.accountId, input);
  if (input.enabled) await runAutoTopups(ctx, ctx.clock.now(), { accountId: auth.accountId });
}

function inTransaction<T>(ctx: AppContext, work: (c: PoolClient) => Promise<T>): Promise<T> {
  return inTransactionOn(ctx.db, (_tx, client) => work(client));
}

/**
 * Buys one bundle for an account whose balance is below its threshold. The settings row is
 * locked and the balance read again inside, so two passes at once buy once.
 */
async function topUp(ctx: AppContext, accountId: number, now: Date) {
  return inTransaction(ctx, async (db) => {
    const s = await tq.lockTopupSettings(db, accountId);
    if (!s?.enabled || s.balance >= s.threshold) return "skipped" as const;
    const bundle = bundleOf(s.bundleQty) ?? MESSAGE_BUNDLES[0];
    const label = `${bundle.qty.toLocaleString("en-US")} message credits (auto top-up)`;
    const { result } = (await tq.hasCardOnFile(db, accountId))
      ? await chargeAccount(ctx, db, {
          accountId,
          amountCents: bundle.priceCents,
          description: label,
          key: `topup:${accountId}:${now.getTime()}`,
          at: now,
        })
      : { result: { ok: false as const, message: "There is no card on file." } };
    if (result.ok) {
      await grantPaidCredits(db, {
        accountId,
        kind: "standard",
        qty: bundle.qty,
        label,
        priceCents: bundle.priceCents,
        recordKind: "credits_auto_topup",
      });
      await tq.markTopupBought(db, accountId, now);
      return "bought" as const;
    }
    await tq.markTopupFailed(db, accountId, result.message, now);
    await notify(
      db,
      {
        accountId,
        kind: "payment_failed",
        title: "Auto top-up failed",
        body: `We could not buy ${bundle.qty.toLocaleString("en-US")} message credits: ${result.message} Update your card; auto top-up tries again in a day or when you save its setting.`,
        link: "/billing/payment-method",
      },
      ctx,
    );
    return "failed" as const;
  });
}

/**
 * One pass of auto top-up at `now`: every enabled account below its threshold buys its bundle;
 * one that failed waits a day (or a new save). A locked account (forbidden reason) buys nothing.
 */
export async function runAutoTopups(
  ctx: AppContext,
  now: Date = ctx.clock.now(),
  opts: { accountId?: number } = {},
) {
  const due = await tq.dueTopups(
    ctx.db.$client,
    new Date(now.getTime() - AUTO_TOPUP_RETRY_MS),
    opts.accountId ?? null,
  );
  const counts = { bought: 0, failed: 0 };
  for (const { accountId } of due) {
    const outcome = await topUp(ctx, accountId, now);
    if (outcome === "bought") counts.bought++;
    if (outcome === "failed") counts.failed++;
  }
  return counts;
}
