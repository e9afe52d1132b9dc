import { addMonths } from "date-fns";
import type { PoolClient } from "pg";
import { FORBIDDEN_REASONS } from "../../../domain/account.schemas";
import {
  bundleOf,
  cardExpired,
  DATA_KEPT_MONTHS,
  EXTRA_NUMBER_PRICE_CENTS,
  formatUsd,
  PLAN_FEATURES,
  PRICE_PER_TEXT,
  planById,
  proratedAddonCents,
  type SubscriptionStatus,
} from "../../../domain/billing";
import {
  BILLING_TEXT,
  type BillingSummary,
  CONFIRM_AMOUNT_FIRST,
  type InvoiceRow,
} from "../../../domain/billing.schemas";
import { AppError } from "../../../domain/errors";
import { KEYWORD_ADDON_CENTS, KEYWORD_ADDON_SIZE } from "../../../domain/keywords";
import { assertCan } from "../../../domain/permissions";
import { type Executor, inTransaction as inTransactionOn } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { log } from "../../log";
import { recordAudit } from "../audit/audit.service";
import {
  creditSummary,
  grantPaidCredits,
  type Queryable,
  startPlanCredits,
} from "../credits/credits.service";
import { listKeywords, monthlyKeywordPackCharges } from "../keywords/keywords.service";
import { sendMail } from "../mail/mailer";
import { notify } from "../notifications/notifications.service";
import { monthlyNumberCharges, releaseUnpaidNumber } from "../numbers/numbers.service";
import { writePlanFlags } from "../settings/settings.service";
import { autoTopupOf } from "./auto-topup.queries";
import * as q from "./billing.queries";
import { confirmPaymentMail } from "./billing-mail";
import {
  type CardDetails,
  type ChargeResult,
  type FailureCode,
  processorOf,
} from "./payment-processor";
import { creditReferrerOnPayment } from "./referrals.service";

type Reason = (typeof FORBIDDEN_REASONS)[number];
/** Reasons billing sets and lifts; 'disabled' belongs to the platform admin and stays. */
const BILLING_REASONS: readonly Reason[] = [
  "expired_trial",
  "declined_card",
  "expired_card",
  "paused",
  "canceled",
];

function inTransaction<T>(ctx: AppContext, work: (c: PoolClient) => Promise<T>): Promise<T> {
  return inTransactionOn(ctx.db, (_tx, client) => work(client));
}

function toInvoice(r: q.InvoiceDbRow): InvoiceRow {
  return { ...r, createdAt: r.createdAt.toISOString() };
}

/** A new account's trial subscription (sign-up), in the caller's transaction. */
export async function startTrial(
  tx: Executor,
  row: { accountId: number; planId: string; start: Date; end: Date },
) {
  await q.insertTrial(tx, row);
}

export async function getSummary(ctx: AppContext, accountId: number): Promise<BillingSummary> {
  const db = ctx.db.$client;
  const sub = await q.subscriptionOf(db, accountId);
  const [card, account, c, topup, numbers, packs, awaiting] = await Promise.all([
    q.cardOf(db, accountId),
    q.accountBasics(db, accountId),
    creditSummary(db, accountId),
    autoTopupOf(db, accountId),
    monthlyNumberCharges(db, accountId),
    monthlyKeywordPackCharges(db, accountId),
    q.awaitingCustomer(db, accountId),
  ]);
  const processor = processorOf(ctx).name;
  const plan = planById(sub.planId);
  const reason = account?.forbiddenReason ?? null;
  return {
    plan: plan ? { ...plan, retentionOnly: plan.retentionOnly === true } : null,
    status: sub.status as SubscriptionStatus,
    periodEnd: sub.periodEnd.toISOString(),
    trialEndsAt: sub.planId === "trial" ? sub.periodEnd.toISOString() : null,
    cancelReason: sub.cancelReason,
    removeDataAt: sub.removeDataAt?.toISOString() ?? null,
    forbiddenReason: (FORBIDDEN_REASONS as readonly string[]).includes(reason ?? "")
      ? (reason as Reason)
      : null,
    pricePerText: PRICE_PER_TEXT,
    totalCredits: c.total,
    usedCredits: c.used,
    balance: c.balance,
    internationalBalance: c.internationalBalance,
    autoTopup: topup.enabled,
    autoTopupSettings: {
      threshold: topup.threshold,
      bundleQty: topup.bundleQty,
      lastTopupAt: topup.lastTopupAt?.toISOString() ?? null,
      lastFailure: topup.lastFailure,
    },
    // Nothing renews a canceled, paused or lapsed subscription, whatever the saved setting.
    autoRenew: renews(sub.status) && (account?.autoRenew ?? true),
    card: card
      ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
      : null,
    processor,
    stripePublishableKey:
      processor === "stripe" ? (ctx.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    awaitingConfirmation: awaiting.map((a) => ({
      invoiceId: a.id,
      number: a.number,
      description: a.description,
      amountCents: a.amountCents,
    })),
    monthlyAddons: [...numbers, ...packs],
    addonsDueNow: addonsChargedNow(sub, ctx.clock.now())
      ? {
          until: sub.periodEnd.toISOString(),
          extraNumberCents: addonCentsNow(sub, EXTRA_NUMBER_PRICE_CENTS, ctx.clock.now()),
          keywordPackCents: addonCentsNow(sub, KEYWORD_ADDON_CENTS, ctx.clock.now()),
        }
      : null,
  };
}

/** A monthly add-on taken now is charged now (prorated) only inside a paid period. */
function addonsChargedNow(sub: q.SubscriptionRow, now: Date) {
  return sub.status === "active" && sub.periodEnd > now && Boolean(planById(sub.planId));
}

function addonCentsNow(sub: q.SubscriptionRow, monthlyCents: number, now: Date) {
  return proratedAddonCents(monthlyCents, { start: sub.periodStart, end: sub.periodEnd }, now);
}

/**
 * What a monthly add-on taken now is charged now (0 on a trial), as its purchase charges it:
 * compared with the amount its confirmation showed before anything is bought.
 */
export async function addonDueNowCents(
  ctx: AppContext,
  accountId: number,
  monthlyCents: number,
  now = ctx.clock.now(),
) {
  const sub = await q.subscriptionOf(ctx.db.$client, accountId);
  return addonsChargedNow(sub, now) ? addonCentsNow(sub, monthlyCents, now) : 0;
}

/**
 * Charges the card on file and records the attempt as an invoice (paid or failed), in `db`'s
 * transaction. The idempotency key makes a retried request or job charge once.
 */
export async function chargeAccount(
  ctx: AppContext,
  db: Queryable,
  input: {
    accountId: number;
    amountCents: number;
    description: string;
    key: string;
    at: Date;
    /** What the amount is made of; one line of the description and amount when left out. */
    lines?: q.InvoiceLine[];
    /**
     * What the payment buys, when it may be settled later: a payment the bank wants the customer
     * to authenticate then waits for them (Stripe) instead of failing.
     */
    purpose?: q.InvoicePurpose;
  },
): Promise<{ result: ChargeResult; invoice: q.InvoiceDbRow }> {
  const card = await q.cardOf(db, input.accountId);
  if (!card) throw new AppError("PAYMENT_DECLINED", BILLING_TEXT.needCard, { reason: "no_card" });
  // A card past its expiry month is refused before the processor is asked (it would decline it).
  const result: ChargeResult = cardExpired(card, input.at)
    ? { ok: false, code: "expired_card", message: "Your card has expired." }
    : await processorOf(ctx).charge({
        customerRef: card.customerRef,
        methodRef: card.methodRef,
        amountCents: input.amountCents,
        description: input.description,
        idempotencyKey: input.key,
      });
  // An add-on is refused at once when the bank wants the customer (it is not kept waiting).
  const awaiting =
    !result.ok &&
    Boolean(result.intentRef) &&
    Boolean(input.purpose) &&
    input.purpose?.kind !== "addon";
  // The processor's answer was lost (the charge may have been made): kept pending with its
  // request, which the billing job sends again until the processor says how it ended.
  const unknown = !result.ok && result.uncertain === true && Boolean(input.purpose);
  const invoice = await q.insertInvoice(db, {
    accountId: input.accountId,
    description: input.description,
    amountCents: input.amountCents,
    status: result.ok ? "paid" : awaiting ? "requires_action" : unknown ? "pending" : "failed",
    request: unknown
      ? { idempotencyKey: input.key, customerRef: card.customerRef, methodRef: card.methodRef }
      : undefined,
    processorRef: result.ok ? result.ref : (result.intentRef ?? null),
    purpose: input.purpose ?? null,
    // A pending charge has not failed: its outcome is not known yet.
    failure: result.ok || unknown ? null : result.message,
    card: `${card.brand} •••• ${card.last4}`,
    lines: input.lines ?? [{ description: input.description, amountCents: input.amountCents }],
    at: input.at,
  });
  // A referred business's first payment credits the business that referred it.
  if (result.ok)
    await creditReferrerOnPayment(
      db,
      { accountId: input.accountId, invoiceId: invoice.id, at: input.at },
      ctx,
    );
  return { result, invoice };
}

const PAYMENT_UNCONFIRMED =
  "The card processor has not confirmed this payment yet. Parley asks it again in a few minutes, and it is never charged twice: please check your payment history then.";

/** No new charge while an earlier one's outcome is unknown (it may have been made). */
async function assertNoPaymentPending(db: Queryable, accountId: number) {
  if (await q.pendingCharge(db, accountId))
    throw new AppError("CONFLICT", PAYMENT_UNCONFIRMED, { reason: "unconfirmed" });
}

/** The error a refused charge answers with (the card's reason for the account state). */
export function declined(result: Extract<ChargeResult, { ok: false }>): never {
  if (result.uncertain)
    throw new AppError("CONFLICT", PAYMENT_UNCONFIRMED, { reason: "unconfirmed" });
  // Stripe keeps the payment for the customer to authenticate: the billing screen offers it.
  if (result.intentRef)
    throw new AppError("PAYMENT_DECLINED", BILLING_TEXT.confirmPayment, {
      reason: "authentication_required",
    });
  throw new AppError(
    "PAYMENT_DECLINED",
    result.code === "expired_card"
      ? BILLING_TEXT.cardExpired
      : result.code === "authentication_required"
        ? BILLING_TEXT.authenticationRequired
        : BILLING_TEXT.cardDeclined,
    { reason: result.code === "expired_card" ? "expired_card" : "declined_card" },
  );
}

/** A new paid period: the plan's credits, the account unlocked of billing reasons. */
async function startPeriod(db: PoolClient, accountId: number, planId: string, now: Date) {
  const plan = planById(planId)!;
  await q.updateSubscription(db, accountId, {
    planId,
    status: "active",
    periodStart: now,
    periodEnd: addMonths(now, 1),
    cancelReason: null,
    canceledAt: null,
    removeDataAt: null,
    failedAttempts: 0,
  });
  await startPlanCredits(db, accountId, {
    credits: plan.monthlyCredits,
    at: now,
    description: `${plan.name} plan credits`,
  });
  await q.setPlanAndUnlock(db, accountId, planId, BILLING_REASONS);
}

/** A plan bought (upgrade, reactivation): its month, its credits and its features. */
async function startPlan(db: PoolClient, accountId: number, planId: string, now: Date) {
  const plan = planById(planId)!;
  await startPeriod(db, accountId, planId, now);
  // The plan's features come and go with it (an operator may still set them by hand).
  await writePlanFlags(
    db,
    accountId,
    Object.fromEntries(PLAN_FEATURES.map((f) => [f, plan.features.includes(f)])),
  );
}

/**
 * The amount the customer confirmed is the amount charged: when the two differ (a price or an
 * add-on changed since the summary was shown), nothing is charged and the customer sees why.
 * null: the caller shows a summary but sent no amount (refused). Left out (undefined) by callers
 * that show none (the public API, whose calls carry an idempotency key instead).
 */
export function assertConfirmedAmount(
  confirmedCents: number | null | undefined,
  amountCents: number,
) {
  if (confirmedCents === null)
    throw new AppError("VALIDATION", CONFIRM_AMOUNT_FIRST, {
      fields: { amountCents: CONFIRM_AMOUNT_FIRST },
    });
  if (confirmedCents === undefined || confirmedCents === amountCents) return;
  throw new AppError(
    "CONFLICT",
    `The amount is now ${formatUsd(amountCents)}, not the ${formatUsd(confirmedCents)} you confirmed. Nothing was charged: please review the new amount and confirm again.`,
    { reason: "amount_changed" },
  );
}

/** Saves a card; a past-due account is charged again on it at once. */
export async function saveCard(
  ctx: AppContext,
  auth: Actor,
  card: CardDetails,
  now = ctx.clock.now(),
) {
  assertCan(auth, "billing");
  const processor = processorOf(ctx);
  // With Stripe, card numbers belong in Stripe's own form: one posted here is refused, never
  // passed on (PCI scope), stored or logged. Only the test processor takes its test numbers.
  if (processor.name === "stripe")
    throw new AppError("VALIDATION", BILLING_TEXT.cardsByStripe, {
      fields: { number: BILLING_TEXT.cardsByStripe },
    });
  const db = ctx.db.$client;
  const account = await q.accountBasics(db, auth.accountId);
  const existing = await q.cardOf(db, auth.accountId);
  const saved = await processor.saveCard(
    {
      accountId: auth.accountId,
      email: account?.email ?? "",
      customerRef: existing?.processor === processor.name ? existing.customerRef : undefined,
    },
    card,
  );
  if (!saved.ok) {
    if (saved.code === "invalid_card" || saved.code === "not_a_test_card") {
      const message = saved.code === "invalid_card" ? BILLING_TEXT.cardInvalid : saved.message;
      throw new AppError("VALIDATION", message, { fields: { number: message } });
    }
    declined(saved);
  }
  await q.saveCard(db, auth.accountId, { processor: processor.name, ...saved });
  const sub = await q.subscriptionOf(db, auth.accountId);
  if (sub.status === "past_due") await renew(ctx, auth.accountId, now, { throwOnDecline: true });
  return getSummary(ctx, auth.accountId);
}

/** A month of the plan and of every monthly add-on still held (extra numbers, keyword packs). */
async function periodLines(
  db: PoolClient,
  accountId: number,
  plan: { name: string; priceCents: number },
): Promise<q.InvoiceLine[]> {
  return [
    { description: `${plan.name} plan, 1 month`, amountCents: plan.priceCents },
    ...(await monthlyNumberCharges(db, accountId)),
    ...(await monthlyKeywordPackCharges(db, accountId)),
  ];
}

/**
 * A monthly add-on taken inside a paid period (an extra number, a keyword pack): the time left
 * of the period is charged now, prorated, as an invoice of its own; from the next renewal it is a
 * line of the renewal. Nothing is charged on a trial (the first plan payment includes it). A
 * declined card refuses the add-on. When the processor's answer is lost (the charge may have
 * been made), the charge stays pending with its request and the add-on is kept: the billing job
 * sends the same request (same idempotency key) until the processor says how it ended, and a
 * decline then gives the add-on back. The cents charged, and whether the charge is pending.
 */
export async function chargeAddonProrated(
  ctx: AppContext,
  accountId: number,
  input: {
    description: string;
    monthlyCents: number;
    key: string;
    purpose: Extract<q.InvoicePurpose, { kind: "addon" }>;
  },
  now = ctx.clock.now(),
): Promise<{ cents: number; pending: boolean }> {
  const sub = await q.subscriptionOf(ctx.db.$client, accountId);
  if (!addonsChargedNow(sub, now)) return { cents: 0, pending: false };
  const cents = addonCentsNow(sub, input.monthlyCents, now);
  if (cents <= 0) return { cents: 0, pending: false };
  const result = await inTransaction(ctx, async (db) => {
    await q.lockSubscription(db, accountId);
    await assertNoPaymentPending(db, accountId);
    const { result } = await chargeAccount(ctx, db, {
      accountId,
      amountCents: cents,
      description: `${input.description}, prorated to ${sub.periodEnd.toISOString().slice(0, 10)}`,
      key: input.key,
      purpose: input.purpose,
      at: now,
    });
    return result;
  });
  if (!result.ok && result.uncertain) {
    log.warn(
      { accountId, key: input.key },
      "add-on: the processor's answer is unknown; sent again next run",
    );
    return { cents, pending: true };
  }
  if (!result.ok) declined(result);
  return { cents, pending: false };
}

/** Upgrade (or switch) to a plan: charged now, a new month starts with its credits. */
export async function upgrade(
  ctx: AppContext,
  auth: Actor,
  planId: string,
  now = ctx.clock.now(),
  confirmedCents?: number | null,
) {
  assertCan(auth, "billing");
  const plan = planById(planId);
  if (!plan) throw new AppError("VALIDATION", "Choose a plan.");
  // The attempt is recorded (payment history) whether it is paid or declined.
  const result = await inTransaction(ctx, async (db) => {
    const sub = await q.lockSubscription(db, auth.accountId);
    await assertNoPaymentPending(db, auth.accountId);
    // A new month of the plan and of the add-ons held, each on its own line.
    const lines = await periodLines(db, auth.accountId, plan);
    const amountCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
    assertConfirmedAmount(confirmedCents, amountCents);
    const { result } = await chargeAccount(ctx, db, {
      accountId: auth.accountId,
      amountCents,
      purpose: { kind: "upgrade", planId },
      description: `${plan.name} plan, 1 month${lines.length > 1 ? ` and ${lines.length - 1} add-on${lines.length === 2 ? "" : "s"}` : ""}`,
      lines,
      key: `upgrade:${auth.accountId}:${planId}:${sub.periodEnd.toISOString()}:${sub.planId}:${now.getTime()}`,
      at: now,
    });
    if (result.ok) await startPlan(db, auth.accountId, planId, now);
    return result;
  });
  if (!result.ok) declined(result);
  // After the commit: this transaction is on a raw client of billing's own, not a drizzle one.
  await recordAudit(ctx, auth, {
    action: "billing.plan",
    target: { type: "plan", id: planId, label: plan.name },
    changes: { amountCents: { after: plan.priceCents } },
  });
  return getSummary(ctx, auth.accountId);
}

/**
 * The idempotency key of a renewal: the account, the period it pays, the item (the plan's month)
 * and the attempt. A retried job sends the same key and the processor answers the first outcome;
 * only a definite decline moves to the next attempt, a day later.
 */
export function renewalKey(
  accountId: number,
  sub: { periodEnd: Date; planId: string; failedAttempts: number },
) {
  return `renewal:acct_${accountId}:period_${sub.periodEnd.toISOString()}:item_plan_${sub.planId}:attempt_${sub.failedAttempts}`;
}

type RenewalFailure = {
  kind: "failed";
  code: FailureCode;
  message: string;
  intentRef?: string;
  /** A payment waiting for the customer: its invoice, for the e-mailed link. */
  awaitingInvoiceId?: number;
  /** The processor's answer was lost: the charge is pending, asked again at the next pass. */
  uncertain?: boolean;
  planName: string;
};

/**
 * Renews a due paid period: success starts the next month; a decline marks the account past
 * due, locks it with the card's reason and tells the owner (by e-mail too when the bank asks them
 * to confirm the payment). Used by the job and by a card update.
 *
 * Never charged twice: the attempt is recorded as a pending invoice with its request (key,
 * customer, card) before the processor is asked, and its answer recorded after. A run that dies
 * between the two, or loses the answer, leaves the pending invoice, and the next run sends the
 * very same request again: the processor's idempotency answers the first outcome. Two runs at
 * once wait on the subscription's lock, and the second finds the attempt already recorded.
 */
export async function renew(
  ctx: AppContext,
  accountId: number,
  now: Date,
  opts: { throwOnDecline?: boolean } = {},
): Promise<"renewed" | "failed" | "skipped"> {
  if (await replaceAwaitingRenewal(ctx, accountId, now)) return "renewed";
  const step = await inTransaction(ctx, async (db) => {
    const sub = await q.lockSubscription(db, accountId);
    // An attempt whose answer was never recorded is sent again first, whatever happened since.
    const pending = await q.pendingCharge(db, accountId);
    if (pending) return { kind: "charge" as const, invoice: pending };
    // A past-due account owes its renewal whatever the date (a card update pays it now).
    if (
      !["active", "past_due"].includes(sub.status) ||
      (sub.status === "active" && sub.periodEnd > now)
    )
      return { kind: "skipped" as const };
    const plan = planById(sub.planId);
    if (!plan) return { kind: "skipped" as const };
    const basics = await q.accountBasics(db, accountId);
    if (basics && !basics.autoRenew) {
      // Auto-renew is off: the plan lapses at its end like a cancellation.
      await q.updateSubscription(db, accountId, {
        status: "canceled",
        cancelReason: "Auto-renew off",
        canceledAt: now,
        removeDataAt: addMonths(sub.periodEnd, DATA_KEPT_MONTHS),
      });
      await q.setForbiddenReason(db, accountId, "canceled");
      return { kind: "skipped" as const };
    }
    const card = await q.cardOf(db, accountId);
    if (!card)
      return failRenewal(db, accountId, sub, plan.name, {
        code: "card_declined",
        message: BILLING_TEXT.needCard,
      });
    // A renewal already waits for the customer to confirm it with their bank: a new payment
    // beside it could be charged too once they confirm the first. They confirm it, or a new card
    // (which replaces it) pays.
    if (card.methodRef === (await q.renewalAwaitingCustomer(db, accountId))?.methodRef)
      return { kind: "skipped" as const };
    const lines = await periodLines(db, accountId, plan);
    const addons = lines.length - 1;
    const request = {
      accountId,
      amountCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
      description: `${plan.name} plan, 1 month (renewal)${addons ? ` and ${addons} add-on${addons === 1 ? "" : "s"}` : ""}`,
      lines,
      purpose: { kind: "renewal" as const, planId: sub.planId },
      card: `${card.brand} •••• ${card.last4}`,
      at: now,
    };
    // A card past its expiry month is refused before the processor is asked (it would decline it).
    if (cardExpired(card, now)) {
      const failure = { code: "expired_card" as const, message: "Your card has expired." };
      const invoice = await q.insertInvoice(db, {
        ...request,
        status: "failed",
        processorRef: null,
        failure: failure.message,
      });
      return failRenewal(db, accountId, sub, plan.name, failure, invoice.id);
    }
    const invoice = await q.insertInvoice(db, {
      ...request,
      status: "pending",
      processorRef: null,
      failure: null,
      request: {
        idempotencyKey: renewalKey(accountId, sub),
        customerRef: card.customerRef,
        methodRef: card.methodRef,
      },
    });
    return {
      kind: "charge" as const,
      invoice: {
        ...invoice,
        purpose: request.purpose,
        idempotencyKey: renewalKey(accountId, sub),
        customerRef: card.customerRef,
        methodRef: card.methodRef,
      },
    };
  });

  let outcome: { kind: "renewed" | "skipped"; releaseNumberId?: number } | RenewalFailure;
  if (step.kind === "charge") {
    const pending = step.invoice;
    // Outside any transaction: no row stays locked while the processor answers.
    const result = await processorOf(ctx).charge({
      customerRef: pending.customerRef,
      methodRef: pending.methodRef,
      amountCents: pending.amountCents,
      description: pending.description,
      idempotencyKey: pending.idempotencyKey,
    });
    outcome = await inTransaction(ctx, (db) =>
      recordRenewal(ctx, db, accountId, pending, result, now),
    );
  } else outcome = step;

  if (outcome.kind === "skipped" && outcome.releaseNumberId !== undefined)
    await releaseUnpaidNumber(ctx, accountId, outcome.releaseNumberId);

  if (outcome.kind === "failed" && outcome.awaitingInvoiceId !== undefined)
    await mailConfirmPayment(ctx, accountId, outcome.awaitingInvoiceId, outcome.planName);
  if (outcome.kind === "failed" && opts.throwOnDecline)
    declined({
      ok: false,
      code: outcome.code,
      message: outcome.message,
      intentRef: outcome.intentRef,
      uncertain: outcome.uncertain,
    });
  return outcome.kind;
}

const REPLACED_BY_NEW_CARD = "Replaced by the payment with your new card.";

/**
 * A new card pays a renewal that waited for the customer on the old card: the waiting payment is
 * canceled at Stripe first, so it can never be confirmed as well. When the customer confirmed it
 * meanwhile, it is that payment which renews (true), and the new card is not charged.
 */
async function replaceAwaitingRenewal(ctx: AppContext, accountId: number, now: Date) {
  const processor = processorOf(ctx);
  const db = ctx.db.$client;
  const waiting = await q.renewalAwaitingCustomer(db, accountId);
  const card = waiting ? await q.cardOf(db, accountId) : undefined;
  if (!waiting || !card || card.methodRef === waiting.methodRef) return false;
  // The test processor keeps nothing to cancel: its waiting payment just fails (below).
  const status =
    processor.name === "stripe"
      ? await processor.api.cancelPaymentIntent(waiting.processorRef)
      : "canceled";
  const paid = status === "succeeded";
  await inTransaction(ctx, (tx) =>
    settleAwaiting(
      ctx,
      tx,
      { accountId, intentRef: waiting.processorRef, paid, failure: REPLACED_BY_NEW_CARD },
      now,
    ),
  );
  return paid;
}

/** The processor's answer to a renewal recorded as pending: recorded once, in `db`'s transaction. */
async function recordRenewal(
  ctx: AppContext,
  db: PoolClient,
  accountId: number,
  pending: q.PendingCharge,
  result: ChargeResult,
  now: Date,
): Promise<{ kind: "renewed" | "skipped"; releaseNumberId?: number } | RenewalFailure> {
  const sub = await q.lockSubscription(db, accountId);
  const invoice = await q.lockInvoice(db, accountId, pending.id);
  // Another run recorded it meanwhile (it waited on the lock): nothing more to do.
  if (invoice?.status !== "pending") return { kind: "skipped" };
  const planId = pending.purpose?.kind === "renewal" ? pending.purpose.planId : sub.planId;
  const plan = planById(planId);
  if (pending.purpose?.kind !== "renewal" && !(!result.ok && result.uncertain)) {
    // A plan, credits or an add-on bought while the answer was lost: now known, recorded as at once.
    const addon = pending.purpose?.kind === "addon" ? pending.purpose : null;
    await q.settleCharge(db, pending.id, {
      status: result.ok ? "paid" : result.intentRef && !addon ? "requires_action" : "failed",
      processorRef: result.ok ? result.ref : (result.intentRef ?? null),
      failure: result.ok ? null : result.message,
    });
    if (result.ok) {
      await applyPurpose(db, accountId, pending.purpose, now);
      await creditReferrerOnPayment(db, { accountId, invoiceId: pending.id, at: now }, ctx);
    }
    if (!result.ok && addon) return revokeAddon(db, accountId, addon, pending, result.message);
    return { kind: "skipped" };
  }
  if (!result.ok && result.uncertain) {
    // The charge may have been made: it stays pending and the next run asks again, same key.
    log.warn(
      { accountId, invoiceId: pending.id },
      "renewal: the processor's answer is unknown; sent again next run",
    );
    return {
      kind: "failed",
      code: result.code,
      message: result.message,
      planName: plan?.name ?? "",
      uncertain: true,
    };
  }
  if (result.ok) {
    await q.settleCharge(db, pending.id, {
      status: "paid",
      processorRef: result.ref,
      failure: null,
    });
    await creditReferrerOnPayment(db, { accountId, invoiceId: pending.id, at: now }, ctx);
    // The period it paid is still the one owed (no upgrade or card update paid it meanwhile).
    const owed =
      plan &&
      sub.planId === planId &&
      (sub.status === "past_due" || (sub.status === "active" && sub.periodEnd <= now));
    if (owed) await startPeriod(db, accountId, planId, now);
    return { kind: "renewed" };
  }
  const awaiting = Boolean(result.intentRef);
  await q.settleCharge(db, pending.id, {
    status: awaiting ? "requires_action" : "failed",
    processorRef: result.intentRef ?? null,
    failure: result.message,
  });
  return failRenewal(db, accountId, sub, plan?.name ?? "", result, pending.id);
}

/**
 * An add-on kept while its charge was pending, declined once the processor answered: a keyword
 * pack is taken off here; a number is given back after the commit (the carrier is called
 * outside the transaction). The owner is told why.
 */
async function revokeAddon(
  db: PoolClient,
  accountId: number,
  addon: Extract<q.InvoicePurpose, { kind: "addon" }>,
  invoice: q.PendingCharge,
  failure: string,
): Promise<{ kind: "skipped"; releaseNumberId?: number }> {
  if (addon.addon === "keyword_pack") await q.removeNewestKeywordPack(db, accountId);
  await notify(db, {
    accountId,
    kind: "payment_failed",
    title: "Your payment failed",
    body: `We could not charge your card ${formatUsd(invoice.amountCents)} for ${invoice.description}: ${failure} ${addon.addon === "number" ? "The number was released." : "The keyword pack was removed."} Update your card to buy it again.`,
    link: "/billing/payment-method",
  });
  return addon.addon === "number"
    ? { kind: "skipped", releaseNumberId: addon.numberId }
    : { kind: "skipped" };
}

/** A renewal not paid: past due, locked with the card's reason, the owner told in the app. */
async function failRenewal(
  db: PoolClient,
  accountId: number,
  sub: q.SubscriptionRow,
  planName: string,
  result: { code: FailureCode; message: string; intentRef?: string },
  invoiceId?: number,
): Promise<RenewalFailure> {
  await q.updateSubscription(db, accountId, {
    status: "past_due",
    failedAttempts: sub.failedAttempts + 1,
  });
  await q.setForbiddenReason(
    db,
    accountId,
    result.code === "expired_card" ? "expired_card" : "declined_card",
  );
  await notify(
    db,
    result.intentRef
      ? {
          accountId,
          kind: "payment_failed",
          title: "Please confirm your payment",
          body: `Your bank asks you to confirm the payment for the ${planName} plan. Open Billing and choose Confirm payment to keep sending.`,
          link: confirmPaymentPath(invoiceId),
        }
      : {
          accountId,
          kind: "payment_failed",
          title: "Your payment failed",
          body: `We could not charge your card for the ${planName} plan: ${result.message} Update your card to keep sending.`,
          link: "/billing/payment-method",
        },
  );
  return {
    kind: "failed",
    code: result.code,
    message: result.message,
    intentRef: result.intentRef,
    awaitingInvoiceId: result.intentRef ? invoiceId : undefined,
    planName,
  };
}

/** Where the owner confirms a waiting payment: Billing Summary opens its confirmation. */
function confirmPaymentPath(invoiceId: number | undefined) {
  return invoiceId === undefined ? "/billing/summary" : `/billing/summary?confirm=${invoiceId}`;
}

/**
 * The owner is e-mailed when a renewal waits for them to confirm it with their bank: they may not
 * open Parley before their texts stop. A mail that cannot be sent is logged; the in-app notice
 * and the billing page still offer the confirmation.
 */
async function mailConfirmPayment(
  ctx: AppContext,
  accountId: number,
  invoiceId: number,
  planName: string,
) {
  const basics = await q.accountBasics(ctx.db.$client, accountId);
  if (!basics?.email) return;
  const invoice = await q.findInvoice(ctx.db.$client, accountId, invoiceId);
  const link = `${ctx.config.publicBase}${confirmPaymentPath(invoiceId)}`;
  try {
    await sendMail(ctx, {
      accountId,
      to: basics.email,
      kind: "confirm_payment",
      ...confirmPaymentMail({
        businessName: basics.businessName,
        planName,
        amount: formatUsd(invoice?.amountCents ?? 0),
        link,
      }),
    });
  } catch (err) {
    log.error({ err, accountId }, "confirm-payment mail could not be sent");
  }
}

/** Statuses whose plan renews at its period's end (when auto-renew is on). */
function renews(status: string): boolean {
  return status === "active" || status === "past_due" || status === "trial";
}

/** Auto-renew of the plan (off: the plan lapses at its end like a cancellation). */
export async function setAutoRenew(ctx: AppContext, auth: Actor, on: boolean) {
  assertCan(auth, "billing");
  const sub = await q.subscriptionOf(ctx.db.$client, auth.accountId);
  if (!renews(sub.status))
    throw new AppError("VALIDATION", BILLING_TEXT.reactivateFirst, { reason: sub.status });
  await q.setAutoRenewFlag(ctx.db.$client, auth.accountId, on);
  return getSummary(ctx, auth.accountId);
}

/** Cancel at the end of the paid period; data kept one month after it (doc 1 §4, §9). */
export async function cancel(ctx: AppContext, auth: Actor, reason: string, now = ctx.clock.now()) {
  assertCan(auth, "billing");
  await inTransaction(ctx, async (db) => {
    const sub = await q.lockSubscription(db, auth.accountId);
    const end = sub.periodEnd > now ? sub.periodEnd : now;
    await q.updateSubscription(db, auth.accountId, {
      status: "canceled",
      cancelReason: reason,
      canceledAt: now,
      periodEnd: end,
      removeDataAt: addMonths(end, DATA_KEPT_MONTHS),
    });
    // Nothing left to use: closed at once.
    if (end <= now) await q.setForbiddenReason(db, auth.accountId, "canceled");
    await q.insertCancelFlowEvent(db, auth.accountId, "canceled", reason);
  });
  await recordAudit(ctx, auth, {
    action: "billing.cancel",
    target: { type: "subscription" },
    changes: { status: { after: "canceled" } },
  });
  return getSummary(ctx, auth.accountId);
}

/** Pause: billing stops and the account is locked until it is reactivated. */
export async function pause(ctx: AppContext, auth: Actor) {
  assertCan(auth, "billing");
  await inTransaction(ctx, async (db) => {
    await q.lockSubscription(db, auth.accountId);
    await q.updateSubscription(db, auth.accountId, { status: "paused" });
    await q.setForbiddenReason(db, auth.accountId, "paused");
    await q.insertCancelFlowEvent(db, auth.accountId, "paused", null);
  });
  await recordAudit(ctx, auth, {
    action: "billing.pause",
    target: { type: "subscription" },
    changes: { status: { after: "paused" } },
  });
  return getSummary(ctx, auth.accountId);
}

/**
 * Reactivate: a cancellation still inside its paid period is simply undone; a paused or closed
 * account pays its plan again and starts a new month.
 */
export async function reactivate(
  ctx: AppContext,
  auth: Actor,
  planId: string | undefined,
  now = ctx.clock.now(),
  confirmedCents?: number | null,
) {
  assertCan(auth, "billing");
  const sub = await q.subscriptionOf(ctx.db.$client, auth.accountId);
  const trial = sub.planId === "trial";
  const audit = (after: string) =>
    recordAudit(ctx, auth, {
      action: "billing.reactivate",
      target: { type: "subscription" },
      changes: { status: { before: sub.status, after } },
    });
  if (sub.status === "canceled" && sub.periodEnd > now && (trial || planById(sub.planId))) {
    const status = trial ? "trial" : "active";
    await inTransaction(ctx, async (db) => {
      await q.updateSubscription(db, auth.accountId, {
        status,
        cancelReason: null,
        canceledAt: null,
        removeDataAt: null,
      });
    });
    await audit(status);
    return getSummary(ctx, auth.accountId);
  }
  const target = planId ?? (planById(sub.planId) ? sub.planId : undefined);
  if (!target) throw new AppError("VALIDATION", "Choose a plan.");
  const summary = await upgrade(ctx, auth, target, now, confirmedCents);
  // A declined card leaves the account as it was: only a taken payment reactivates it.
  const after = await q.subscriptionOf(ctx.db.$client, auth.accountId);
  if (after.status !== sub.status) await audit(after.status);
  return summary;
}

export async function history(ctx: AppContext, auth: Actor) {
  assertCan(auth, "billing");
  return { rows: (await q.listInvoices(ctx.db.$client, auth.accountId)).map(toInvoice) };
}

export async function invoice(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "billing");
  const row = await q.findInvoice(ctx.db.$client, auth.accountId, id);
  if (!row) throw new AppError("NOT_FOUND", "This invoice does not exist.");
  return toInvoice(row);
}

/** A bundle of message credits (/addons/purchase-messages), paid with the card on file. */
export async function buyBundle(
  ctx: AppContext,
  auth: Actor,
  qty: number,
  now = ctx.clock.now(),
  confirmedCents?: number | null,
) {
  assertCan(auth, "billing");
  const bundle = bundleOf(qty);
  if (!bundle) throw new AppError("VALIDATION", "Choose a bundle.");
  const label = `${bundle.qty.toLocaleString("en-US")} message credits`;
  assertConfirmedAmount(confirmedCents, bundle.priceCents);
  const result = await inTransaction(ctx, async (db) => {
    await q.lockSubscription(db, auth.accountId);
    await assertNoPaymentPending(db, auth.accountId);
    const { result } = await chargeAccount(ctx, db, {
      purpose: { kind: "credits", qty: bundle.qty, label, priceCents: bundle.priceCents },
      accountId: auth.accountId,
      amountCents: bundle.priceCents,
      description: label,
      key: `bundle:${auth.accountId}:${bundle.qty}:${now.getTime()}`,
      at: now,
    });
    if (result.ok)
      await grantPaidCredits(db, {
        accountId: auth.accountId,
        kind: "standard",
        qty: bundle.qty,
        label,
        priceCents: bundle.priceCents,
        recordKind: "credits_bundle",
      });
    return result;
  });
  if (!result.ok) declined(result);
  await recordAudit(ctx, auth, {
    action: "billing.purchase",
    target: { type: "credits", id: bundle.qty, label },
    changes: { amountCents: { after: bundle.priceCents } },
  });
  return { message: `Purchased ${label}`, summary: await getSummary(ctx, auth.accountId) };
}

/** A stage of the cancellation flow reached (doc 1 §4: the cancel=1, pause=1, confirm=1 flags). */
export async function recordCancelFlow(
  ctx: AppContext,
  auth: Actor,
  stage: string,
  reason: string | null,
) {
  assertCan(auth, "billing");
  await q.insertCancelFlowEvent(ctx.db.$client, auth.accountId, stage, reason);
  return { ok: true as const };
}

/**
 * A payment that waited for the customer, settled by Stripe (its webhook, or Stripe asked after
 * the browser's confirmation): paid brings what it bought, as a payment at once would have;
 * failed stays failed. Only an invoice still waiting changes, so a repeat changes nothing.
 * In the caller's transaction; false when nothing changed.
 */
export async function settleAwaiting(
  ctx: AppContext,
  db: PoolClient,
  input: { accountId: number; intentRef: string; paid: boolean; failure?: string | null },
  now = ctx.clock.now(),
): Promise<boolean> {
  const invoice = await q.lockInvoiceByRef(db, input.accountId, input.intentRef);
  if (invoice?.status !== "requires_action") return false;
  if (!input.paid) {
    await q.setInvoiceStatus(
      db,
      invoice.id,
      "failed",
      input.failure ?? BILLING_TEXT.authenticationFailed,
    );
    return true;
  }
  await q.setInvoiceStatus(db, invoice.id, "paid", null);
  await applyPurpose(db, input.accountId, invoice.purpose, now);
  await creditReferrerOnPayment(
    db,
    { accountId: input.accountId, invoiceId: invoice.id, at: now },
    ctx,
  );
  return true;
}

/**
 * Test payments: the customer answers the authentication a payment waits for, as Stripe's test
 * 3-D Secure page asks (complete or fail it). Completed, the payment ends as its test card says
 * (paid, or declined for insufficient funds) and brings what it bought; failed, it fails.
 * With Stripe, Stripe.js does this in the browser and Stripe's word settles it (syncPayment).
 */
export async function answerTestAuthentication(
  ctx: AppContext,
  auth: Actor,
  invoiceId: number,
  complete: boolean,
) {
  assertCan(auth, "billing");
  const processor = processorOf(ctx);
  if (processor.name !== "test")
    throw new AppError("VALIDATION", "Only test payments are authenticated here.");
  const waiting = await q.awaitingCustomer(ctx.db.$client, auth.accountId);
  const invoice = waiting.find((w) => w.id === invoiceId);
  const result = invoice ? processor.authenticate(invoice.processorRef) : null;
  if (!invoice || !result)
    throw new AppError("NOT_FOUND", "No payment of yours waits for confirmation here.");
  const outcome: ChargeResult = complete
    ? result
    : { ok: false, code: "authentication_required", message: BILLING_TEXT.authenticationFailed };
  await inTransaction(ctx, (db) =>
    settleAwaiting(ctx, db, {
      accountId: auth.accountId,
      intentRef: invoice.processorRef,
      paid: outcome.ok,
      failure: outcome.ok ? null : outcome.message,
    }),
  );
  if (!outcome.ok)
    throw new AppError("PAYMENT_DECLINED", outcome.message, {
      reason:
        outcome.code === "authentication_required" ? "authentication_failed" : "declined_card",
    });
  return getSummary(ctx, auth.accountId);
}

/** What a payment settled later buys: the plan, the renewal still owed, the credits. */
async function applyPurpose(
  db: PoolClient,
  accountId: number,
  purpose: q.InvoicePurpose | null,
  now: Date,
) {
  if (purpose?.kind === "upgrade" && planById(purpose.planId))
    await startPlan(db, accountId, purpose.planId, now);
  if (purpose?.kind === "renewal" && planById(purpose.planId)) {
    const sub = await q.lockSubscription(db, accountId);
    // Still owed (nothing else paid it meanwhile): the next month starts now.
    if (sub.status === "past_due" && sub.planId === purpose.planId)
      await startPeriod(db, accountId, purpose.planId, now);
  }
  if (purpose?.kind === "credits")
    await grantPaidCredits(db, {
      accountId,
      kind: "standard",
      qty: purpose.qty,
      label: purpose.label,
      priceCents: purpose.priceCents,
      recordKind: "credits_bundle",
    });
}

/**
 * A paid invoice refunded by Stripe (its charge.refunded event), in part or in full: `totalCents`
 * is what is refunded so far (Stripe's amount_refunded). A partial refund leaves it paid with
 * the amount shown; all of it marks it refunded. An older or repeated total changes nothing.
 * The invoice with the totals before and after, or none.
 */
export async function markRefunded(
  db: PoolClient,
  accountId: number,
  intentRef: string,
  totalCents: number,
) {
  const invoice = await q.lockInvoiceByRef(db, accountId, intentRef);
  if (invoice?.status !== "paid") return undefined;
  const after = Math.min(invoice.amountCents, totalCents);
  if (!(after > invoice.refundedCents)) return undefined;
  const status = after === invoice.amountCents ? "refunded" : "paid";
  await q.setInvoiceRefund(db, invoice.id, { refundedCents: after, status });
  return { invoice, refundedBefore: invoice.refundedCents, refundedAfter: after, status };
}

export const AUTO_TOPUP_PAUSED_BY_DISPUTE =
  "Paused because a payment was disputed with your bank. Turn auto top-up on again to resume it.";

/**
 * The cardholder disputed a paid invoice with their bank (Stripe's charge.dispute.created): the
 * invoice shows it, and no automatic charge (auto top-up) is made until the owner turns it on
 * again. What the payment bought is kept while the bank decides. The invoice, or none.
 */
export async function markDisputed(
  db: PoolClient,
  accountId: number,
  intentRef: string,
  reason: string,
) {
  const invoice = await q.lockInvoiceByRef(db, accountId, intentRef);
  if (invoice?.status !== "paid") return undefined;
  await q.setInvoiceStatus(
    db,
    invoice.id,
    "disputed",
    `The cardholder disputed this payment with their bank (${reason.replaceAll("_", " ")}).`,
  );
  await q.pauseAutoTopup(db, accountId, AUTO_TOPUP_PAUSED_BY_DISPUTE);
  await notify(db, {
    accountId,
    kind: "billing",
    title: "A payment was disputed",
    body: `Your bank reports a dispute of invoice ${invoice.number} (${formatUsd(invoice.amountCents)}). Auto top-up is paused. If you did not mean to dispute it, contact your bank.`,
    link: `/billing/payment-history/view?id=${invoice.id}`,
  });
  return invoice;
}

const DISPUTE_LOST =
  "The bank decided the dispute for the cardholder: the payment was returned to them.";

/**
 * The bank decided a disputed invoice (Stripe's charge.dispute.closed). Won (or an inquiry
 * closed without a chargeback): the invoice is paid again, and auto top-up resumes when this
 * dispute paused it and no other is open. Lost: the invoice shows it, auto top-up stays off.
 * The owner is told either way. The invoice and its new status, or none (not disputed).
 */
export async function closeDispute(
  db: PoolClient,
  accountId: number,
  intentRef: string,
  outcome: "won" | "lost",
) {
  const invoice = await q.lockInvoiceByRef(db, accountId, intentRef);
  if (invoice?.status !== "disputed") return undefined;
  const amount = formatUsd(invoice.amountCents);
  if (outcome === "lost") {
    await q.setInvoiceStatus(db, invoice.id, "dispute_lost", DISPUTE_LOST);
    await notify(db, {
      accountId,
      kind: "billing",
      title: "A payment dispute was lost",
      body: `Your bank decided the dispute of invoice ${invoice.number} (${amount}) for the cardholder: the payment was returned to them. Auto top-up stays paused until you turn it on again.`,
      link: `/billing/payment-history/view?id=${invoice.id}`,
    });
    return { invoice, status: "dispute_lost" as const, autoTopupResumed: false };
  }
  await q.setInvoiceStatus(db, invoice.id, "paid", null);
  const resumed = await q.resumeAutoTopupAfterDispute(db, accountId, AUTO_TOPUP_PAUSED_BY_DISPUTE);
  await notify(db, {
    accountId,
    kind: "billing",
    title: "A payment dispute was closed",
    body: `Your bank closed the dispute of invoice ${invoice.number} (${amount}): the payment stands.${resumed ? " Auto top-up is on again." : ""}`,
    link: `/billing/payment-history/view?id=${invoice.id}`,
  });
  return { invoice, status: "paid" as const, autoTopupResumed: resumed };
}

/** The transaction billing's own work runs in (raw client), for the Stripe service. */
export function inBillingTransaction<T>(
  ctx: AppContext,
  work: (c: PoolClient) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx, work);
}

/**
 * Releases one monthly keyword pack: the account keeps five keywords fewer and its next plan
 * payment no longer has the pack's line. Refused while the keywords in use need the pack (the
 * owner deletes some first); nothing is refunded for the rest of the period already paid.
 */
export async function releaseKeywordPack(ctx: AppContext, auth: Actor) {
  assertCan(auth, "billing");
  const { limit, used } = await listKeywords(ctx, auth, {});
  const packs = (await monthlyKeywordPackCharges(ctx.db.$client, auth.accountId)).length;
  if (packs === 0) throw new AppError("NOT_FOUND", "You have no keyword pack to release.");
  const after = limit - KEYWORD_ADDON_SIZE;
  if (used > after)
    throw new AppError(
      "CONFLICT",
      `You use ${used} of your ${limit} keywords. Delete ${used - after} ${used - after === 1 ? "keyword" : "keywords"} before releasing a keyword pack.`,
      { reason: "keywords_in_use" },
    );
  const released = await inTransaction(ctx, async (db) => {
    await q.lockSubscription(db, auth.accountId);
    return q.removeNewestKeywordPack(db, auth.accountId);
  });
  if (released === undefined)
    throw new AppError("NOT_FOUND", "You have no keyword pack to release.");
  await recordAudit(ctx, auth, {
    action: "billing.addon_release",
    target: {
      type: "keyword_pack",
      id: released,
      label: `${KEYWORD_ADDON_SIZE} additional keywords`,
    },
    changes: { keywordLimit: { before: limit, after } },
  });
  return getSummary(ctx, auth.accountId);
}
