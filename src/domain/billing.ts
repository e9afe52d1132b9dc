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
}

export const PLANS: readonly Plan[] = [
  { id: "lite", name: "Lite", priceCents: 1000, monthlyCredits: 200, retentionOnly: true },
  { id: "starter", name: "Starter", priceCents: 2900, monthlyCredits: 500 },
  { id: "growth", name: "Growth", priceCents: 5900, monthlyCredits: 1500 },
  { id: "pro", name: "Pro", priceCents: 11900, monthlyCredits: 4000 },
];

export const TRIAL_PLAN_ID = "trial";

export function planById(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

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
