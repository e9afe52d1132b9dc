/**
 * Plans, prices and the money rules of spec doc 1 §1, §4 and §9. Amounts are in cents.
 */
export const TRIAL_DAYS = 14;
/** Credits a new account gets for its trial (also src/server/features/credits TRIAL_CREDITS). */
export const TRIAL_CREDITS = 500;
/** The billing summary's price per text (doc 1 §9). */
export const PRICE_PER_TEXT = 0.04;
/** Data of a canceled account is kept this long after the paid-through date. */
export const DATA_KEPT_MONTHS = 1;
/** Failed renewals tried again (a day apart) before the account is locked. */
export const RENEWAL_RETRIES = 3;

export interface Plan {
  id: string;
  name: string;
  priceCents: number;
  monthlyCredits: number;
  /** Offered only by the cancellation flow (doc 1 §4 'Too expensive'). */
  retentionOnly?: boolean;
  /** The plan's features among the plan flags (settings.ts PLAN_FLAGS): on with it, off without. */
  features: readonly PlanFeature[];
}

/** The plan flags a plan switches (the toll-free and brand flags are the operator's). */
export type PlanFeature = "priority_support" | "advanced_reporting" | "quicksight_allowed";
export const PLAN_FEATURES: readonly PlanFeature[] = [
  "priority_support",
  "advanced_reporting",
  "quicksight_allowed",
];

export const PLANS: readonly Plan[] = [
  {
    id: "lite",
    name: "Lite",
    priceCents: 1000,
    monthlyCredits: 200,
    retentionOnly: true,
    features: [],
  },
  { id: "starter", name: "Starter", priceCents: 2900, monthlyCredits: 500, features: [] },
  {
    id: "growth",
    name: "Growth",
    priceCents: 5900,
    monthlyCredits: 1500,
    features: ["advanced_reporting"],
  },
  {
    id: "pro",
    name: "Pro",
    priceCents: 11900,
    monthlyCredits: 4000,
    features: ["advanced_reporting", "priority_support", "quicksight_allowed"],
  },
];

export const TRIAL_PLAN_ID = "trial";

export function planById(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * What was refunded of a payment, as billing history, the invoice page and its PDF say it:
 * "Refunded $9.00 of $29.00" for part of it, "Refunded $29.00" for all; null when nothing was.
 */
export function refundNote(invoice: { amountCents: number; refundedCents: number }): string | null {
  if (invoice.refundedCents <= 0) return null;
  return invoice.refundedCents >= invoice.amountCents
    ? `Refunded ${formatUsd(invoice.refundedCents)}`
    : `Refunded ${formatUsd(invoice.refundedCents)} of ${formatUsd(invoice.amountCents)}`;
}

/**
 * What a monthly add-on (an extra number, a keyword pack) taken inside a paid period costs now:
 * its price for the whole days left of the period (the day it is taken counts) over the
 * period's days. Whole days keep the amount a summary shows the amount charged that day.
 */
export function proratedAddonCents(
  monthlyCents: number,
  period: { start: Date; end: Date },
  now: Date,
): number {
  const DAY = 86_400_000;
  if (now >= period.end) return 0;
  const days = Math.max(1, Math.round((period.end.getTime() - period.start.getTime()) / DAY));
  const left = Math.min(days, Math.ceil((period.end.getTime() - now.getTime()) / DAY));
  return Math.round((monthlyCents * left) / days);
}

/** "$10" for whole dollars, "$1.50" otherwise: prices in running text. */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : formatUsd(cents);
}

/** Each dedicated number beyond the one included with the plan, per month (doc 1 §9). */
export const EXTRA_NUMBER_PRICE_CENTS = 500;

/**
 * The international credits pack (doc 2 §8 '$20 of international credits'): credits a text abroad
 * spends on top of its message credits, one per message credit.
 */
export const INTERNATIONAL_PACK = { qty: 20, priceCents: 2000 } as const;

/** expired: a trial that ended without a plan. */
export const SUBSCRIPTION_STATUSES = [
  "trial",
  "expired",
  "active",
  "past_due",
  "paused",
  "canceled",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Message credit bundles (/addons/purchase-messages, auto top-up). 500 for $15 is the pack the
 * composer's out-of-credits dialog offers (doc 1 §9: standard credits, quantity 500).
 */
export const MESSAGE_BUNDLES = [
  { qty: 500, priceCents: 1500 },
  { qty: 1000, priceCents: 2800 },
  { qty: 2500, priceCents: 6500 },
  { qty: 5000, priceCents: 12000 },
] as const;
export type MessageBundle = (typeof MESSAGE_BUNDLES)[number];

export function bundleOf(qty: number): MessageBundle | undefined {
  return MESSAGE_BUNDLES.find((b) => b.qty === qty);
}

/** Auto top-up thresholds the owner may choose between (credits left). */
export const AUTO_TOPUP_MIN_THRESHOLD = 10;
export const AUTO_TOPUP_MAX_THRESHOLD = 10_000;
/** A failed auto top-up is tried again after this long (or when the setting is saved). */
export const AUTO_TOPUP_RETRY_MS = 24 * 60 * 60 * 1000;

/** Message credits the referrer gets when the business it referred pays its first invoice. */
export const REFERRAL_CREDITS = 500;

/** A card is usable through the last day of its expiry month. */
export function cardExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return card.expYear < y || (card.expYear === y && card.expMonth < m);
}
