import { randomUUID } from "node:crypto";
import { formatPrice, INTERNATIONAL_PACK, MESSAGE_BUNDLES } from "../../../domain/billing";
import { AppError } from "../../../domain/errors";
import { can } from "../../../domain/permissions";
import { enqueue } from "../../background/queue";
import { inTransaction } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { autoTopupQueue } from "../billing/auto-topup.job";
import { assertConfirmedAmount, chargeAccount, declined } from "../billing/billing.service";
import type { CreditKind, Queryable } from "./credits.queries";
import * as q from "./credits.queries";

export type { Queryable } from "./credits.queries";

/** The job that buys an auto top-up (src/server/features/billing/auto-topup.ts). */

async function payForPack(ctx: AppContext, accountId: number, label: string, cents: number) {
  const { result } = await chargeAccount(ctx, ctx.db.$client, {
    accountId,
    amountCents: cents,
    description: label,
    key: `pack:${accountId}:${randomUUID()}`,
    at: ctx.clock.now(),
  });
  if (!result.ok) declined(result);
}

export const INSUFFICIENT_CREDITS_MESSAGE =
  "Whoops, looks like you don’t have enough message credits.";
export const INSUFFICIENT_INTERNATIONAL_MESSAGE = "Failed to send to international recipients";

/** The two packs the purchase dialogs offer (spec doc 1 §9, doc 2 §8). */
export const CREDIT_PACKS = {
  sms: {
    kind: "standard" as const,
    qty: MESSAGE_BUNDLES[0].qty,
    priceCents: MESSAGE_BUNDLES[0].priceCents,
    label: "500 message credits",
  },
  international: {
    kind: "international" as const,
    qty: INTERNATIONAL_PACK.qty,
    priceCents: INTERNATIONAL_PACK.priceCents,
    label: `${formatPrice(INTERNATIONAL_PACK.priceCents)} of international credits`,
  },
};

/**
 * Opens a new account's credits: its row with the trial grant, in the caller's transaction when
 * given one (once: later calls change nothing).
 */
export async function openCredits(db: Queryable, accountId: number): Promise<void> {
  await q.ensureCreditRow(db, accountId);
}

export async function getCredits(ctx: AppContext, accountId: number) {
  await q.ensureCreditRow(ctx.db.$client, accountId);
  const row = await q.readCredits(ctx.db.$client, accountId);
  return {
    balance: row.balance,
    internationalBalance: row.internationalBalance,
    allowance: row.total,
    used: row.used,
    autoTopUp: row.autoTopUp,
  };
}

/** The account's credit row (made on first ask): balances, the period's allowance and use. */
export async function creditSummary(db: Queryable, accountId: number) {
  await q.ensureCreditRow(db, accountId);
  return q.readCredits(db, accountId);
}

/**
 * Opens the credits of an account that starts on a paid plan rather than a trial (the demo): the
 * plan's credits are its balance and its period's allowance, with their ledger line (once).
 */
export async function openPlanCredits(
  db: Queryable,
  accountId: number,
  input: { credits: number; at: Date; description: string },
): Promise<void> {
  if (await q.insertPlanCreditRow(db, accountId, input.credits, input.at))
    await q.insertLedger(db, {
      accountId,
      kind: "standard",
      delta: input.credits,
      reason: "grant",
      description: input.description,
    });
}

/**
 * A new paid period of a plan (billing): the balance grows by the plan's credits, which become the
 * period's allowance from `at`, with the grant's ledger line; in the caller's transaction.
 */
export async function startPlanCredits(
  db: Queryable,
  accountId: number,
  input: { credits: number; at: Date; description: string },
): Promise<void> {
  await q.ensureCreditRow(db, accountId);
  await q.startCreditPeriod(db, accountId, input.credits, input.at);
  await q.insertLedger(db, {
    accountId,
    kind: "standard",
    delta: input.credits,
    reason: "grant",
    description: input.description,
  });
}

/** Free standard credits given to an account (a referral), with their ledger line. */
export async function grantCredits(
  db: Queryable,
  accountId: number,
  amount: number,
  description: string,
): Promise<void> {
  await q.ensureCreditRow(db, accountId);
  await q.addCredits(db, accountId, "standard", amount);
  await q.insertLedger(db, {
    accountId,
    kind: "standard",
    delta: amount,
    reason: "grant",
    description,
  });
}

/**
 * Gives back standard credits held for something that did not happen (a voice call not
 * answered), with its refund ledger line.
 */
export async function returnCredits(
  db: Queryable,
  accountId: number,
  amount: number,
  description: string,
): Promise<void> {
  await q.insertLedger(db, {
    accountId,
    kind: "standard",
    delta: amount,
    reason: "refund",
    description,
  });
  await q.addCredits(db, accountId, "standard", amount);
}

/**
 * Spends standard credits only if the balance covers them (voice minutes after the call): true
 * and a charge ledger line if it did, false and nothing changed if not.
 */
export async function chargeCreditsIfCovered(
  db: Queryable,
  accountId: number,
  amount: number,
  description: string,
): Promise<boolean> {
  if ((await q.takeCredits(db, accountId, "standard", amount)) === null) return false;
  await q.insertLedger(db, {
    accountId,
    kind: "standard",
    delta: -amount,
    reason: "charge",
    description,
  });
  return true;
}

/** Both balances, read in the caller's transaction. */
export async function creditBalances(db: Queryable, accountId: number) {
  await q.ensureCreditRow(db, accountId);
  const row = await q.readCredits(db, accountId);
  return { balance: row.balance, internationalBalance: row.internationalBalance };
}

/**
 * Spends credits or throws INSUFFICIENT_CREDITS (nothing changed). Pass a transaction client so
 * the charge commits or rolls back with what it pays for.
 */
export async function chargeCredits(
  db: Queryable,
  accountId: number,
  amount: number,
  opts: {
    reason: "reserve" | "test" | "charge";
    description?: string;
    kind?: CreditKind;
    runId?: number;
    messageId?: number;
  },
): Promise<number> {
  const kind = opts.kind ?? "standard";
  await q.ensureCreditRow(db, accountId);
  if (amount <= 0) return (await q.readCredits(db, accountId)).balance;
  const balance = await q.takeCredits(db, accountId, kind, amount);
  if (balance === null) {
    throw kind === "international"
      ? new AppError("INSUFFICIENT_INTERNATIONAL_CREDITS", INSUFFICIENT_INTERNATIONAL_MESSAGE)
      : new AppError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
  }
  await q.insertLedger(db, { accountId, kind, delta: -amount, ...opts });
  if (kind === "standard") await autoTopupWhenCrossed(db, accountId, balance, amount);
  return balance;
}

/**
 * The charge hook of auto top-up: the charge that takes the balance below the owner's threshold
 * queues a top-up at once (the job re-checks the balance; its minute-by-minute pass catches
 * anything this misses, such as a process without a job queue).
 */
async function autoTopupWhenCrossed(
  db: Queryable,
  accountId: number,
  balance: number,
  amount: number,
) {
  if (await q.crossedTopupThreshold(db, accountId, balance, amount))
    await enqueue(autoTopupQueue, { accountId });
}

/**
 * Gives back a failed message's credits of one kind, once per message and kind (a unique index
 * keeps it once).
 */
export async function refundCredits(
  db: Queryable,
  accountId: number,
  amount: number,
  ref: { messageId: number; runId?: number | null },
  kind: CreditKind = "standard",
): Promise<void> {
  if (amount <= 0) return;
  const inserted = await q.insertLedger(db, {
    accountId,
    kind,
    delta: amount,
    reason: "refund",
    description: "Failed delivery",
    ...ref,
  });
  if (inserted) await q.addCredits(db, accountId, kind, amount);
}

/**
 * Adds credits that were paid for (a pack, a bundle, an auto top-up) with their ledger line and
 * billing record, in the caller's transaction.
 */
export async function grantPaidCredits(
  db: Queryable,
  input: {
    accountId: number;
    kind: CreditKind;
    qty: number;
    label: string;
    priceCents: number;
    recordKind: string;
  },
) {
  await q.ensureCreditRow(db, input.accountId);
  await q.addCredits(db, input.accountId, input.kind, input.qty);
  if (input.kind === "standard") {
    // Bought credits count in the period's total (the summary's "used of total").
    await q.addToAllowance(db, input.accountId, input.qty);
  }
  await q.insertLedger(db, {
    accountId: input.accountId,
    kind: input.kind,
    delta: input.qty,
    reason: "purchase",
    description: input.label,
  });
  await q.insertCreditsBillingRecord(db, {
    accountId: input.accountId,
    kind: input.recordKind,
    description: input.label,
    amountCents: input.priceCents,
  });
}

/** A credit pack bought from the composer's dialogs; recorded for billing. */
export async function purchaseCredits(
  ctx: AppContext,
  auth: Actor,
  input: { qty: number; type: keyof typeof CREDIT_PACKS; amountCents?: number },
) {
  const pack = CREDIT_PACKS[input.type];
  if (input.qty !== pack.qty) {
    throw new AppError("VALIDATION", `Credits are sold in packs of ${pack.qty}.`);
  }
  assertConfirmedAmount(input.amountCents, pack.priceCents);
  if (await q.isTestAccount(ctx.db.$client, auth.accountId)) {
    throw new AppError(
      "FORBIDDEN",
      "Test accounts cannot buy credits. Upgrade your account first.",
    );
  }
  if (!can(auth, "credits:buy")) {
    throw new AppError("FORBIDDEN", "Only an administrator, manager or owner can buy credits.");
  }
  // Paid first, through the card on file (the attempt is in the payment history either way).
  await payForPack(ctx, auth.accountId, pack.label, pack.priceCents);
  await inTransaction(ctx.db, (_tx, client) =>
    grantPaidCredits(client, {
      accountId: auth.accountId,
      kind: pack.kind,
      qty: pack.qty,
      label: pack.label,
      priceCents: pack.priceCents,
      recordKind: `credits_${input.type}`,
    }),
  );
  const message =
    pack.kind === "international"
      ? `Purchased ${pack.label}`
      : `Purchased ${pack.qty} message credits`;
  return { message, ...(await getCredits(ctx, auth.accountId)) };
}
