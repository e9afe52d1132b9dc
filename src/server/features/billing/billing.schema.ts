import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

/** The account's plan and where it stands (trial, active, past due, paused, canceled). */
export const billingSubscriptions = pgTable("billing_subscriptions", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  planId: text("plan_id").notNull(),
  status: text().notNull(),
  periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
  periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
  cancelReason: text("cancel_reason"),
  canceledAt: timestamp("canceled_at", { withTimezone: true }),
  removeDataAt: timestamp("remove_data_at", { withTimezone: true }),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The card on file, as the processor describes it (never the card number). */
export const paymentMethods = pgTable("payment_methods", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  processor: text().notNull(),
  customerRef: text("customer_ref").notNull(),
  methodRef: text("method_ref").notNull(),
  brand: text().notNull(),
  last4: text().notNull(),
  expMonth: smallint("exp_month").notNull(),
  expYear: smallint("exp_year").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every charge attempt, paid or failed, with its number (INV-1001, …) for the PDF. */
export const invoices = pgTable(
  "invoices",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    number: text().notNull(),
    description: text().notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The part refunded so far (a full refund also sets status 'refunded'). */
    refundedCents: integer("refunded_cents").notNull().default(0),
    status: text().notNull(),
    processorRef: text("processor_ref"),
    failure: text(),
    card: text(),
    /** What the amount is made of: the plan and each monthly add-on, one line each. */
    lines: jsonb()
      .$type<{ description: string; amountCents: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What the payment buys, applied when a payment that needed the customer succeeds later. */
    purpose: jsonb().$type<Record<string, unknown>>(),
    /**
     * The processor request of a charge recorded before it is made (renewals): a retry sends the
     * same key, customer and card, so the processor answers the first outcome.
     */
    idempotencyKey: text("idempotency_key"),
    customerRef: text("customer_ref"),
    methodRef: text("method_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    index("invoices_account_idx").on(t.accountId, t.createdAt),
    index("invoices_processor_ref_idx")
      .on(t.processorRef)
      .where(sql`${t.processorRef} is not null`),
    uniqueIndex("invoices_idempotency_key")
      .on(t.accountId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("invoices_pending_idx").on(t.accountId).where(sql`${t.status} = 'pending'`),
  ],
);

/** The account's Stripe Customer, made once and kept (every card and charge is under it). */
export const stripeCustomers = pgTable(
  "stripe_customers",
  {
    accountId: integer("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    customerRef: text("customer_ref").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("stripe_customers_ref_key").on(t.customerRef)],
);

/** Stripe events already applied (Stripe delivers at least once: a repeat is skipped). */
export const stripeEvents = pgTable("stripe_events", {
  eventId: text("event_id").primaryKey(),
  type: text().notNull(),
  accountId: integer("account_id").references(() => accounts.id, { onDelete: "set null" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Buy a bundle of credits when the balance falls below a threshold (the owner's choice). */
export const autoTopupSettings = pgTable(
  "auto_topup_settings",
  {
    accountId: integer("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    enabled: boolean().notNull().default(false),
    threshold: integer().notNull().default(100),
    bundleQty: integer("bundle_qty").notNull().default(500),
    lastTopupAt: timestamp("last_topup_at", { withTimezone: true }),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    lastFailure: text("last_failure"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auto_topup_enabled_idx").on(t.accountId).where(sql`${t.enabled}`)],
);

/** Each account's referral link code (/admin-signup?ref=CODE). */
export const referralLinks = pgTable(
  "referral_links",
  {
    accountId: integer("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    code: text().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("referral_links_code_key").on(t.code)],
);

/** A business that signed up through a referral link; credited on its first paid invoice. */
export const referrals = pgTable(
  "referrals",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    referrerAccountId: integer("referrer_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    referredAccountId: integer("referred_account_id").references(() => accounts.id, {
      onDelete: "set null",
    }),
    referredBusiness: text("referred_business").notNull(),
    signedUpAt: timestamp("signed_up_at", { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
    credits: integer().notNull().default(0),
    invoiceId: bigint("invoice_id", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("referrals_referred_key").on(t.referredAccountId),
    index("referrals_referrer_idx").on(t.referrerAccountId, t.signedUpAt),
  ],
);

/** Stages of the cancellation flow a business reached (doc 1 §4: cancel=1, pause=1, confirm=1). */
export const cancelFlowEvents = pgTable(
  "cancel_flow_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    stage: text().notNull(),
    reason: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cancel_flow_events_account_idx").on(t.accountId, t.createdAt)],
);
