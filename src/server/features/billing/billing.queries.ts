import type { Executor } from "../../db/connection";
import type { Queryable } from "../credits/credits.service";
import { billingSubscriptions } from "./billing.schema";

export interface SubscriptionRow {
  accountId: number;
  planId: string;
  status: string;
  periodStart: Date;
  periodEnd: Date;
  cancelReason: string | null;
  canceledAt: Date | null;
  removeDataAt: Date | null;
  failedAttempts: number;
}

const SUB_COLUMNS = `account_id as "accountId", plan_id as "planId", status,
  period_start as "periodStart", period_end as "periodEnd", cancel_reason as "cancelReason",
  canceled_at as "canceledAt", remove_data_at as "removeDataAt", failed_attempts as "failedAttempts"`;

/**
 * The account's subscription row. Accounts made before billing existed (the demo, tests) get
 * one on first ask: a trial ending at accounts.trial_ends_at, else 14 days after creation.
 */
export async function subscriptionOf(db: Queryable, accountId: number): Promise<SubscriptionRow> {
  await db.query(
    `insert into billing_subscriptions (account_id, plan_id, status, period_start, period_end)
     select id, 'trial', 'trial', created_at, coalesce(trial_ends_at, created_at + interval '14 days')
       from accounts where id = $1
     on conflict (account_id) do nothing`,
    [accountId],
  );
  const res = await db.query<SubscriptionRow>(
    `select ${SUB_COLUMNS} from billing_subscriptions where account_id = $1`,
    [accountId],
  );
  return res.rows[0]!;
}

export async function lockSubscription(db: Queryable, accountId: number) {
  await subscriptionOf(db, accountId);
  const res = await db.query<SubscriptionRow>(
    `select ${SUB_COLUMNS} from billing_subscriptions where account_id = $1 for update`,
    [accountId],
  );
  return res.rows[0]!;
}

export async function updateSubscription(
  db: Queryable,
  accountId: number,
  set: Partial<Omit<SubscriptionRow, "accountId">>,
) {
  const columns: Record<string, string> = {
    planId: "plan_id",
    status: "status",
    periodStart: "period_start",
    periodEnd: "period_end",
    cancelReason: "cancel_reason",
    canceledAt: "canceled_at",
    removeDataAt: "remove_data_at",
    failedAttempts: "failed_attempts",
  };
  const keys = Object.keys(set) as (keyof typeof set)[];
  if (!keys.length) return;
  const assignments = keys.map((k, i) => `${columns[k]} = $${i + 2}`).join(", ");
  await db.query(
    `update billing_subscriptions set ${assignments}, updated_at = now() where account_id = $1`,
    [accountId, ...keys.map((k) => set[k])],
  );
}

export interface CardRow {
  processor: string;
  customerRef: string;
  methodRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export async function cardOf(db: Queryable, accountId: number): Promise<CardRow | undefined> {
  const res = await db.query<CardRow>(
    `select processor, customer_ref as "customerRef", method_ref as "methodRef", brand, last4,
            exp_month as "expMonth", exp_year as "expYear"
       from payment_methods where account_id = $1`,
    [accountId],
  );
  return res.rows[0];
}

export async function saveCard(db: Queryable, accountId: number, card: CardRow) {
  await db.query(
    `insert into payment_methods (account_id, processor, customer_ref, method_ref, brand, last4, exp_month, exp_year)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (account_id) do update set processor = excluded.processor,
       customer_ref = excluded.customer_ref, method_ref = excluded.method_ref, brand = excluded.brand,
       last4 = excluded.last4, exp_month = excluded.exp_month, exp_year = excluded.exp_year,
       updated_at = now()`,
    [
      accountId,
      card.processor,
      card.customerRef,
      card.methodRef,
      card.brand,
      card.last4,
      card.expMonth,
      card.expYear,
    ],
  );
}

export interface InvoiceLine {
  description: string;
  amountCents: number;
}

/**
 * What a payment buys, kept on its invoice so that a payment settled later (the customer
 * confirmed it after the bank asked) brings what a payment at once would have.
 */
export type InvoicePurpose =
  | { kind: "renewal"; planId: string }
  | { kind: "upgrade"; planId: string }
  | { kind: "credits"; qty: number; label: string; priceCents: number }
  /** A monthly add-on's prorated first charge: kept while the charge is pending, given back if declined. */
  | { kind: "addon"; addon: "number"; numberId: number }
  | { kind: "addon"; addon: "keyword_pack" };

export type InvoiceStatus =
  | "pending"
  | "paid"
  | "failed"
  | "requires_action"
  | "refunded"
  | "disputed"
  | "dispute_lost";

export interface InvoiceDbRow {
  id: number;
  number: string;
  description: string;
  amountCents: number;
  refundedCents: number;
  lines: InvoiceLine[];
  status: InvoiceStatus;
  failure: string | null;
  card: string | null;
  createdAt: Date;
}

const INVOICE_COLUMNS = `id::int as id, number, description, amount_cents as "amountCents",
  refunded_cents as "refundedCents", status,
  failure, card, lines, created_at as "createdAt"`;

export async function insertInvoice(
  db: Queryable,
  row: {
    accountId: number;
    description: string;
    amountCents: number;
    status: InvoiceStatus;
    processorRef: string | null;
    failure: string | null;
    card: string | null;
    lines: InvoiceLine[];
    at: Date;
    purpose?: InvoicePurpose | null;
    /** The request of a charge recorded before it is made (its retry sends the same). */
    request?: { idempotencyKey: string; customerRef: string; methodRef: string };
  },
): Promise<InvoiceDbRow> {
  const res = await db.query<InvoiceDbRow>(
    `insert into invoices (account_id, number, description, amount_cents, status, processor_ref, failure, card, created_at, lines, purpose,
                           idempotency_key, customer_ref, method_ref)
     values ($1, 'INV-' || nextval('invoice_number_seq'), $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, $13)
     returning ${INVOICE_COLUMNS}`,
    [
      row.accountId,
      row.description,
      row.amountCents,
      row.status,
      row.processorRef,
      row.failure,
      row.card,
      row.at,
      JSON.stringify(row.lines),
      row.purpose ? JSON.stringify(row.purpose) : null,
      row.request?.idempotencyKey ?? null,
      row.request?.customerRef ?? null,
      row.request?.methodRef ?? null,
    ],
  );
  return res.rows[0]!;
}

/** A renewal charge recorded before it was made, with the request to send again. */
export interface PendingCharge extends InvoiceDbRow {
  purpose: InvoicePurpose | null;
  idempotencyKey: string;
  customerRef: string;
  methodRef: string;
}

const PENDING_COLUMNS = `${INVOICE_COLUMNS}, purpose, idempotency_key as "idempotencyKey",
  customer_ref as "customerRef", method_ref as "methodRef"`;

/** The account's charge whose processor answer is not recorded yet (a crash, a lost answer). */
export async function pendingCharge(db: Queryable, accountId: number) {
  const res = await db.query<PendingCharge>(
    `select ${PENDING_COLUMNS} from invoices
      where account_id = $1 and status = 'pending' and idempotency_key is not null
      order by id limit 1`,
    [accountId],
  );
  return res.rows[0];
}

/** Accounts with a charge whose processor answer is not recorded yet (one account, or all). */
export async function accountsWithPendingCharges(db: Queryable, accountId: number | null) {
  const res = await db.query<{ accountId: number }>(
    `select distinct account_id as "accountId" from invoices
      where status = 'pending' and ($1::int is null or account_id = $1) limit 5000`,
    [accountId],
  );
  return res.rows.map((r) => r.accountId);
}

/** An invoice of the account, locked (the outcome of its charge is being recorded). */
export async function lockInvoice(db: Queryable, accountId: number, id: number) {
  const res = await db.query<InvoiceDbRow & { purpose: InvoicePurpose | null }>(
    `select ${INVOICE_COLUMNS}, purpose from invoices where account_id = $1 and id = $2 for update`,
    [accountId, id],
  );
  return res.rows[0];
}

/** Records the processor's answer to a charge recorded before it was made. */
export async function settleCharge(
  db: Queryable,
  id: number,
  set: { status: InvoiceStatus; processorRef: string | null; failure: string | null },
) {
  await db.query(
    "update invoices set status = $2, processor_ref = $3, failure = $4 where id = $1",
    [id, set.status, set.processorRef, set.failure],
  );
}

/** A renewal of the account waiting for the customer to authenticate it (Stripe). */
export async function renewalAwaitingCustomer(db: Queryable, accountId: number) {
  const res = await db.query<{ id: number; processorRef: string; methodRef: string | null }>(
    `select id::int as id, processor_ref as "processorRef", method_ref as "methodRef" from invoices
      where account_id = $1 and status = 'requires_action' and purpose->>'kind' = 'renewal'
      order by id desc limit 1`,
    [accountId],
  );
  return res.rows[0];
}

/** An invoice of the account by its processor payment (a Stripe PaymentIntent), locked. */
export async function lockInvoiceByRef(db: Queryable, accountId: number, ref: string) {
  const res = await db.query<InvoiceDbRow & { purpose: InvoicePurpose | null }>(
    `select ${INVOICE_COLUMNS}, purpose from invoices
      where account_id = $1 and processor_ref = $2 for update`,
    [accountId, ref],
  );
  return res.rows[0];
}

export async function setInvoiceStatus(
  db: Queryable,
  id: number,
  status: InvoiceStatus,
  failure: string | null,
) {
  await db.query("update invoices set status = $2, failure = $3 where id = $1", [
    id,
    status,
    failure,
  ]);
}

/** Records the part of a paid invoice refunded so far, and its status (refunded when all of it). */
export async function setInvoiceRefund(
  db: Queryable,
  id: number,
  set: { refundedCents: number; status: InvoiceStatus },
) {
  await db.query("update invoices set refunded_cents = $2, status = $3 where id = $1", [
    id,
    set.refundedCents,
    set.status,
  ]);
}

/**
 * Turns auto top-up back on when a dispute had paused it and no other payment of the account is
 * still disputed; true when it was resumed.
 */
export async function resumeAutoTopupAfterDispute(
  db: Queryable,
  accountId: number,
  pausedBecause: string,
) {
  const res = await db.query(
    `update auto_topup_settings set enabled = true, last_failure = null
      where account_id = $1 and not enabled and last_failure = $2
        and not exists (select 1 from invoices where account_id = $1 and status = 'disputed')`,
    [accountId, pausedBecause],
  );
  return (res.rowCount ?? 0) > 0;
}

/** Payments waiting for the customer to confirm them (authentication the bank asked for). */
export async function awaitingCustomer(db: Queryable, accountId: number) {
  const res = await db.query<{
    id: number;
    number: string;
    description: string;
    amountCents: number;
    processorRef: string;
  }>(
    `select id::int as id, number, description, amount_cents as "amountCents", processor_ref as "processorRef"
       from invoices where account_id = $1 and status = 'requires_action'
      order by created_at desc, id desc limit 20`,
    [accountId],
  );
  return res.rows;
}

/** The account's Stripe Customer, if it has one. */
export async function customerOf(db: Queryable, accountId: number): Promise<string | undefined> {
  const res = await db.query<{ ref: string }>(
    `select customer_ref as ref from stripe_customers where account_id = $1`,
    [accountId],
  );
  return res.rows[0]?.ref;
}

/** Keeps the account's customer; when one is already kept (a race), that one stays and wins. */
export async function keepCustomer(db: Queryable, accountId: number, ref: string) {
  await db.query(
    `insert into stripe_customers (account_id, customer_ref) values ($1, $2)
     on conflict (account_id) do nothing`,
    [accountId, ref],
  );
  return (await customerOf(db, accountId))!;
}

/** The account a Stripe Customer belongs to. */
export async function accountOfCustomer(db: Queryable, ref: string): Promise<number | undefined> {
  const res = await db.query<{ accountId: number }>(
    `select account_id as "accountId" from stripe_customers where customer_ref = $1`,
    [ref],
  );
  return res.rows[0]?.accountId;
}

/** The account a processor payment (a Stripe PaymentIntent) was made for, by its invoice. */
export async function accountOfPayment(db: Queryable, ref: string): Promise<number | undefined> {
  const res = await db.query<{ accountId: number }>(
    `select account_id as "accountId" from invoices where processor_ref = $1 limit 1`,
    [ref],
  );
  return res.rows[0]?.accountId;
}

/** Stops auto top-up (a disputed payment: no more automatic charges until the owner says so). */
export async function pauseAutoTopup(db: Queryable, accountId: number, why: string) {
  const res = await db.query(
    `update auto_topup_settings set enabled = false, last_failure = $2
      where account_id = $1 and enabled`,
    [accountId, why],
  );
  return (res.rowCount ?? 0) > 0;
}

/** Records a Stripe event as applied; false when it was already (a redelivery). */
export async function recordStripeEvent(
  db: Queryable,
  event: { id: string; type: string; accountId: number | null },
): Promise<boolean> {
  const res = await db.query(
    `insert into stripe_events (event_id, type, account_id) values ($1, $2, $3)
     on conflict (event_id) do nothing`,
    [event.id, event.type, event.accountId],
  );
  return (res.rowCount ?? 0) > 0;
}

export async function listInvoices(db: Queryable, accountId: number): Promise<InvoiceDbRow[]> {
  const res = await db.query<InvoiceDbRow>(
    `select ${INVOICE_COLUMNS} from invoices where account_id = $1 order by created_at desc, id desc limit 200`,
    [accountId],
  );
  return res.rows;
}

export async function findInvoice(db: Queryable, accountId: number, id: number) {
  const res = await db.query<InvoiceDbRow>(
    `select ${INVOICE_COLUMNS} from invoices where account_id = $1 and id = $2`,
    [accountId, id],
  );
  return res.rows[0];
}

/**
 * Sets the billing side of the account's forbidden reason. An account an operator disabled stays
 * 'disabled' whatever billing does (enabling it brings back the billing reason; see
 * account-state.service.ts).
 */
export async function setForbiddenReason(db: Queryable, accountId: number, reason: string | null) {
  await db.query(
    `update accounts set forbidden_reason = $2
      where id = $1 and forbidden_reason is distinct from 'disabled'`,
    [accountId, reason],
  );
}

export async function accountBasics(db: Queryable, accountId: number) {
  const res = await db.query<{
    email: string;
    businessName: string;
    forbiddenReason: string | null;
    trialEndsAt: Date | null;
    autoRenew: boolean;
  }>(
    `select email, business_name as "businessName", forbidden_reason as "forbiddenReason",
            trial_ends_at as "trialEndsAt", is_auto_renew_enabled as "autoRenew"
       from accounts where id = $1`,
    [accountId],
  );
  return res.rows[0];
}

export async function insertTrial(
  tx: Executor,
  row: { accountId: number; planId: string; start: Date; end: Date },
) {
  await tx.insert(billingSubscriptions).values({
    accountId: row.accountId,
    planId: row.planId,
    status: "trial",
    periodStart: row.start,
    periodEnd: row.end,
  });
}

/**
 * The account's newest monthly keyword pack, locked, taken off: the keyword limit and every
 * later plan payment leave it out. Its id, or none when the account has no pack.
 */
export async function removeNewestKeywordPack(db: Queryable, accountId: number) {
  const res = await db.query<{ id: number }>(
    `delete from billing_records where id = (
       select id from billing_records
        where account_id = $1 and kind = 'keyword_addon'
        order by id desc limit 1 for update)
     returning id::int as id`,
    [accountId],
  );
  return res.rows[0]?.id;
}

/** Why the account is locked (trial ended, card declined, …), or null. */
export async function forbiddenReasonOf(db: Queryable, accountId: number) {
  const res = await db.query<{ reason: string | null }>(
    "select forbidden_reason as reason from accounts where id = $1",
    [accountId],
  );
  return res.rows[0]?.reason ?? null;
}

/** Sets the lock whatever it was, 'disabled' included (the operator's switch decides it). */
export async function overwriteForbiddenReason(
  db: Queryable,
  accountId: number,
  reason: string | null,
) {
  await db.query("update accounts set forbidden_reason = $2 where id = $1", [accountId, reason]);
}

/** The plan's name on the account; a billing lock (not an operator's) lifts with it. */
export async function setPlanAndUnlock(
  db: Queryable,
  accountId: number,
  planId: string,
  billingReasons: readonly string[],
) {
  await db.query(
    `update accounts set subscription_type = $2,
            forbidden_reason = case when forbidden_reason = any($3::text[]) then null else forbidden_reason end
      where id = $1`,
    [accountId, planId, billingReasons],
  );
}

export async function setAutoRenewFlag(db: Queryable, accountId: number, on: boolean) {
  await db.query("update accounts set is_auto_renew_enabled = $2 where id = $1", [accountId, on]);
}

/** A stage of the cancellation flow reached, with the reason given (null when none was asked). */
export async function insertCancelFlowEvent(
  db: Queryable,
  accountId: number,
  stage: string,
  reason: string | null,
) {
  await db.query("insert into cancel_flow_events (account_id, stage, reason) values ($1, $2, $3)", [
    accountId,
    stage,
    reason,
  ]);
}
