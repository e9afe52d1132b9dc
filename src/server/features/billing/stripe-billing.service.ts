import type Stripe from "stripe";
import { BILLING_TEXT } from "../../../domain/billing.schemas";
import { AppError } from "../../../domain/errors";
import { assertCan, systemActor } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { type AuditEvent, recordAudit } from "../audit/audit.service";
import { notify } from "../notifications/notifications.service";
import * as q from "./billing.queries";
import {
  closeDispute,
  getSummary,
  inBillingTransaction,
  markDisputed,
  markRefunded,
  renew,
  settleAwaiting,
} from "./billing.service";
import { processorOf, type StripeApi, type StripeCard } from "./payment-processor";

/**
 * Billing with Stripe: cards are saved by SetupIntents that Stripe's Payment Element confirms in
 * the browser (no card number reaches Parley), a payment the bank wants authenticated is
 * confirmed by the customer with Stripe.js, and Stripe's signed events settle what happened.
 * What the browser reports is only a cue to ask Stripe: the state moves on Stripe's word.
 */

function stripeOf(ctx: AppContext): { api: StripeApi; publishableKey: string } {
  const processor = processorOf(ctx);
  if (processor.name !== "stripe" || !ctx.config.STRIPE_PUBLISHABLE_KEY)
    throw new AppError("VALIDATION", BILLING_TEXT.stripeOnly);
  return { api: processor.api, publishableKey: ctx.config.STRIPE_PUBLISHABLE_KEY };
}

/** The account's Stripe Customer: made the first time, then always the same one. */
async function customerFor(ctx: AppContext, api: StripeApi, accountId: number) {
  const db = ctx.db.$client;
  const kept = await q.customerOf(db, accountId);
  if (kept) return kept;
  const basics = await q.accountBasics(db, accountId);
  const made = await api.createCustomer({ accountId, email: basics?.email ?? "" });
  return q.keepCustomer(db, accountId, made);
}

/** A SetupIntent for the browser's Payment Element (adding or replacing the card). */
export async function startCardSetup(ctx: AppContext, auth: Actor) {
  assertCan(auth, "billing");
  const { api, publishableKey } = stripeOf(ctx);
  const customer = await customerFor(ctx, api, auth.accountId);
  const setup = await api.createSetupIntent(customer);
  return { clientSecret: setup.clientSecret, publishableKey };
}

/** Saves a card Stripe describes as the account's, when it belongs to the account's customer. */
async function adoptCard(ctx: AppContext, accountId: number, customer: string, card: StripeCard) {
  if (card.customerRef !== customer) return false;
  await q.saveCard(ctx.db.$client, accountId, {
    processor: "stripe",
    customerRef: customer,
    methodRef: card.methodRef,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  });
  return true;
}

/** A past-due account pays its renewal with the card it just saved. */
async function renewIfOwed(ctx: AppContext, accountId: number, opts: { throwOnDecline: boolean }) {
  const sub = await q.subscriptionOf(ctx.db.$client, accountId);
  if (sub.status === "past_due") await renew(ctx, accountId, ctx.clock.now(), opts);
}

/**
 * The browser's Payment Element confirmed a SetupIntent: Stripe is asked what it holds, and the
 * card it saved for this account's customer (brand, last 4, expiry from Stripe) becomes the card.
 */
export async function completeCardSetup(ctx: AppContext, auth: Actor, setupIntentId: string) {
  assertCan(auth, "billing");
  const { api } = stripeOf(ctx);
  const customer = await q.customerOf(ctx.db.$client, auth.accountId);
  const setup = customer ? await api.setupIntent(setupIntentId).catch(() => null) : null;
  // Another account's SetupIntent is as unknown as a made-up one.
  if (!setup || setup.customerRef !== customer)
    throw new AppError("NOT_FOUND", "This card setup does not exist.");
  if (setup.status !== "succeeded" || !setup.methodRef)
    throw new AppError("VALIDATION", BILLING_TEXT.setupIncomplete, { reason: setup.status });
  const card = await api.card(setup.methodRef);
  if (!card || !(await adoptCard(ctx, auth.accountId, customer!, card)))
    throw new AppError("VALIDATION", BILLING_TEXT.setupIncomplete);
  await renewIfOwed(ctx, auth.accountId, { throwOnDecline: true });
  return getSummary(ctx, auth.accountId);
}

/** A payment of the account waiting for the customer, with its PaymentIntent. */
async function awaitingInvoice(ctx: AppContext, accountId: number, invoiceId: number) {
  const waiting = await q.awaitingCustomer(ctx.db.$client, accountId);
  const invoice = waiting.find((w) => w.id === invoiceId);
  if (!invoice) throw new AppError("NOT_FOUND", "No payment of yours waits for confirmation here.");
  return invoice;
}

/** What Stripe.js needs to confirm a waiting payment in the browser (confirmCardPayment). */
export async function paymentConfirmation(ctx: AppContext, auth: Actor, invoiceId: number) {
  assertCan(auth, "billing");
  const { api, publishableKey } = stripeOf(ctx);
  const invoice = await awaitingInvoice(ctx, auth.accountId, invoiceId);
  const intent = await api.paymentIntent(invoice.processorRef);
  if (!intent.clientSecret) throw new AppError("CONFLICT", BILLING_TEXT.setupIncomplete);
  return {
    clientSecret: intent.clientSecret,
    paymentMethod: intent.methodRef,
    publishableKey,
  };
}

/**
 * After the browser's confirmation, Stripe is asked how the payment stands (the webhook says the
 * same, maybe earlier): paid brings what it bought; otherwise it keeps waiting.
 */
export async function syncPayment(ctx: AppContext, auth: Actor, invoiceId: number) {
  assertCan(auth, "billing");
  const { api } = stripeOf(ctx);
  // Stripe's webhook often arrives before the browser asks: a payment it settled is done.
  const settled = await q.findInvoice(ctx.db.$client, auth.accountId, invoiceId);
  if (settled?.status === "paid") return getSummary(ctx, auth.accountId);
  const invoice = await awaitingInvoice(ctx, auth.accountId, invoiceId);
  const intent = await api.paymentIntent(invoice.processorRef);
  if (intent.status === "succeeded")
    await inBillingTransaction(ctx, (db) =>
      settleAwaiting(ctx, db, {
        accountId: auth.accountId,
        intentRef: intent.id,
        paid: true,
      }),
    );
  return getSummary(ctx, auth.accountId);
}

/** A Customer Portal session of the account's customer (cards, billing details, receipts). */
export async function portalSession(ctx: AppContext, auth: Actor) {
  assertCan(auth, "billing");
  const { api } = stripeOf(ctx);
  const customer = await customerFor(ctx, api, auth.accountId);
  const url = await api.portalSession(customer, `${ctx.config.publicBase}/billing/summary`);
  return { url };
}

export class BadStripeSignature extends Error {}

const idOf = (v: unknown): string | null =>
  typeof v === "string" ? v : v && typeof v === "object" && "id" in v ? String(v.id) : null;

/**
 * One signed Stripe event, applied once: the signature is checked on the exact bytes received
 * (BadStripeSignature when it is not Stripe's), a redelivered event id is skipped, and an event
 * about a customer that is not an account's changes nothing.
 */
export async function applyStripeEvent(
  ctx: AppContext,
  rawBody: string,
  signature: string,
): Promise<"applied" | "duplicate" | "ignored"> {
  const { api } = stripeOf(ctx);
  let event: Stripe.Event;
  try {
    event = api.verifiedEvent(rawBody, signature, ctx.config.STRIPE_WEBHOOK_SECRET ?? "");
  } catch {
    throw new BadStripeSignature("The Stripe signature does not match.");
  }
  const db = ctx.db.$client;
  const object = event.data.object as unknown as Record<string, unknown>;
  // A dispute names no customer: its payment's invoice names the account.
  const disputed =
    event.type === "charge.dispute.created" || event.type === "charge.dispute.closed"
      ? idOf(object.payment_intent)
      : null;
  const customer = disputed ? null : idOf(object.customer);
  const accountId = disputed
    ? ((await q.accountOfPayment(db, disputed)) ?? null)
    : customer
      ? ((await q.accountOfCustomer(db, customer)) ?? null)
      : null;

  // What Stripe holds is read before the transaction (no network call while rows are locked).
  let card: StripeCard | null = null;
  if (accountId !== null && customer) {
    const methodRef =
      event.type === "setup_intent.succeeded"
        ? idOf(object.payment_method)
        : event.type === "customer.updated"
          ? idOf(
              (object.invoice_settings as Record<string, unknown> | null)?.default_payment_method,
            )
          : null;
    const current = await q.cardOf(db, accountId);
    if (methodRef && methodRef !== current?.methodRef) card = await api.card(methodRef);
  }

  let renewAfter = false;
  let audit: AuditEvent | null = null as AuditEvent | null;
  const outcome = await inBillingTransaction(ctx, async (tx) => {
    const first = await q.recordStripeEvent(tx, { id: event.id, type: event.type, accountId });
    if (!first) return "duplicate" as const;
    if (accountId === null || (!customer && !disputed)) return "ignored" as const;
    switch (event.type) {
      case "setup_intent.succeeded":
      case "customer.updated": {
        if (!card || !customer || card.customerRef !== customer) return "ignored" as const;
        await q.saveCard(tx, accountId, {
          processor: "stripe",
          customerRef: customer,
          methodRef: card.methodRef,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
        });
        renewAfter = true;
        return "applied" as const;
      }
      case "payment_intent.succeeded":
        return (await settleAwaiting(ctx, tx, {
          accountId,
          intentRef: String(object.id),
          paid: true,
        }))
          ? ("applied" as const)
          : ("ignored" as const);
      case "payment_intent.payment_failed": {
        const error = object.last_payment_error as { code?: string; message?: string } | null;
        // An off-session payment that needs authentication "fails" into the waiting state it is
        // already recorded in: the customer still can confirm it.
        if (error?.code === "authentication_required") return "ignored" as const;
        const changed = await settleAwaiting(ctx, tx, {
          accountId,
          intentRef: String(object.id),
          paid: false,
          failure: error?.message ?? null,
        });
        if (changed)
          await notify(tx, {
            accountId,
            kind: "payment_failed",
            title: "Your payment failed",
            body: `Your payment was not confirmed: ${error?.message ?? BILLING_TEXT.authenticationFailed} Update your card to keep sending.`,
            link: "/billing/payment-method",
          });
        return changed ? ("applied" as const) : ("ignored" as const);
      }
      case "charge.refunded": {
        const intent = idOf(object.payment_intent);
        // amount_refunded is the charge's total refunded so far (several refunds add up).
        const total = Number(object.amount_refunded);
        if (!intent || !Number.isInteger(total) || total <= 0) return "ignored" as const;
        const refund = await markRefunded(tx, accountId, intent, total);
        if (!refund) return "ignored" as const;
        audit = {
          action: "billing.refund",
          target: { type: "invoice", id: refund.invoice.id, label: refund.invoice.number },
          changes: {
            ...(refund.status === "refunded"
              ? { status: { before: "paid", after: "refunded" } }
              : {}),
            refundedCents: { before: refund.refundedBefore, after: refund.refundedAfter },
          },
        };
        return "applied" as const;
      }
      case "charge.dispute.closed": {
        // won, or warning_closed (an inquiry that never became a chargeback): the money stays.
        const status = String(object.status ?? "");
        const outcome =
          status === "lost"
            ? "lost"
            : status === "won" || status === "warning_closed"
              ? "won"
              : null;
        if (!outcome) return "ignored" as const;
        const closed = await closeDispute(tx, accountId, disputed!, outcome);
        if (!closed) return "ignored" as const;
        audit = {
          action: "billing.dispute_closed",
          target: { type: "invoice", id: closed.invoice.id, label: closed.invoice.number },
          changes: {
            status: { before: "disputed", after: closed.status },
            outcome: { after: status },
            ...(closed.autoTopupResumed ? { autoTopup: { before: false, after: true } } : {}),
          },
        };
        return "applied" as const;
      }
      case "charge.dispute.created": {
        const reason = typeof object.reason === "string" ? object.reason : "general";
        const invoice = await markDisputed(tx, accountId, disputed!, reason);
        if (!invoice) return "ignored" as const;
        audit = {
          action: "billing.dispute",
          target: { type: "invoice", id: invoice.id, label: invoice.number },
          changes: {
            status: { before: "paid", after: "disputed" },
            reason: { after: reason },
            amountCents: { after: Number(object.amount ?? invoice.amountCents) },
          },
        };
        return "applied" as const;
      }
      default:
        // Stripe Billing objects (invoice.*, customer.subscription.*) are not used: Parley
        // bills its own renewals as PaymentIntents. Recorded, nothing to change.
        return "ignored" as const;
    }
  });
  // Stripe's word, recorded once its effect is committed (billing's transaction is a raw client).
  if (outcome === "applied" && audit && accountId !== null)
    await recordAudit(ctx, systemActor("billing", accountId), audit);
  if (outcome === "applied" && renewAfter && accountId !== null)
    await renewIfOwed(ctx, accountId, { throwOnDecline: false });
  return outcome;
}
