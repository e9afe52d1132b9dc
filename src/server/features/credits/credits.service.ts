import { randomUUID } from "node:crypto";
import { BILLING_TEXT } from "../../../domain/billing.schemas";
import { AppError } from "../../../domain/errors";
import { can } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { chargeAccount } from "../billing/billing.service";
import type { CreditKind, Queryable } from "./credits.queries";
import * as q from "./credits.queries";

export type { Queryable } from "./credits.queries";

async function payForPack(ctx: AppContext, accountId: number, label: string, cents: number) {
  const { result } = await chargeAccount(ctx, ctx.db.$client, {
    accountId,
    amountCents: cents,
    description: label,
    key: `pack:${accountId}:${randomUUID()}`,
    at: new Date(),
  });
  if (!result.ok)
    throw new AppError(
      "PAYMENT_DECLINED",
      result.code === "expired_card" ? BILLING_TEXT.cardExpired : BILLING_TEXT.cardDeclined,
      { reason: result.code === "expired_card" ? "expired_card" : "declined_card" },
    );
}

export const INSUFFICIENT_CREDITS_MESSAGE =
  "Whoops, looks like you don’t have enough message credits.";
export const INSUFFICIENT_INTERNATIONAL_MESSAGE = "Failed to send to international recipients";

/** The two packs the purchase dialogs offer (spec doc 1 §9, doc 2 §8). */
export const CREDIT_PACKS = {
  sms: { kind: "standard" as const, qty: 500, priceCents: 1500, label: "500 message credits" },
  international: {
    kind: "international" as const,
    qty: 20,
    priceCents: 2000,
    label: "$20 of international credits",
  },
};

export async function getCredits(ctx: AppContext, accountId: number) {
  await q.ensureCreditRow(ctx.db.$client, accountId);
  const row = await q.readCredits(ctx.db.$client, accountId);
  return {
    balance: row.balance,
    internationalBalance: row.internationalBalance,
    allowance: row.allowance,
    used: Math.max(0, row.used),
    autoTopUp: row.autoRenew,
  };
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
  return balance;
}

/** Gives back a failed message's credits, once per message (a unique index keeps it once). */
export async function refundCredits(
  db: Queryable,
  accountId: number,
  amount: number,
  ref: { messageId: number; runId?: number | null },
): Promise<void> {
  if (amount <= 0) return;
  const inserted = await q.insertLedger(db, {
    accountId,
    kind: "standard",
    delta: amount,
    reason: "refund",
    description: "Failed delivery",
    ...ref,
  });
  if (inserted) await q.addCredits(db, accountId, "standard", amount);
}

/** A credit pack bought from the composer's dialogs; recorded for billing. */
export async function purchaseCredits(
  ctx: AppContext,
  auth: Actor,
  input: { qty: number; type: keyof typeof CREDIT_PACKS },
) {
  const pack = CREDIT_PACKS[input.type];
  if (input.qty !== pack.qty) {
    throw new AppError("VALIDATION", `Credits are sold in packs of ${pack.qty}.`);
  }
  const account = await ctx.db.$client.query<{ isTest: boolean }>(
    `select is_test_account as "isTest" from accounts where id = $1`,
    [auth.accountId],
  );
  if (account.rows[0]?.isTest) {
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
  const client = await ctx.db.$client.connect();
  try {
    await client.query("begin");
    await q.ensureCreditRow(client, auth.accountId);
    await q.addCredits(client, auth.accountId, pack.kind, pack.qty);
    if (pack.kind === "standard") {
      await client.query(
        "update account_credits set period_allowance = period_allowance + $2 where account_id = $1",
        [auth.accountId, pack.qty],
      );
    }
    await q.insertLedger(client, {
      accountId: auth.accountId,
      kind: pack.kind,
      delta: pack.qty,
      reason: "purchase",
      description: pack.label,
    });
    await client.query(
      `insert into billing_records (account_id, kind, description, amount_cents)
       values ($1, $2, $3, $4)`,
      [auth.accountId, `credits_${input.type}`, pack.label, pack.priceCents],
    );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback");
    throw err;
  } finally {
    client.release();
  }
  const message =
    pack.kind === "international"
      ? "Purchased $20 of international credits"
      : `Purchased ${pack.qty} message credits`;
  return { message, ...(await getCredits(ctx, auth.accountId)) };
}
