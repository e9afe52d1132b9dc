import { z } from "zod";
import { FORBIDDEN_REASONS } from "./account.schemas";
import {
  AUTO_TOPUP_MAX_THRESHOLD,
  AUTO_TOPUP_MIN_THRESHOLD,
  formatPrice,
  MESSAGE_BUNDLES,
  planById,
  SUBSCRIPTION_STATUSES,
} from "./billing";

/** Texts of billing (doc 1 §4 for the modal titles; the rest are ours). */
export const BILLING_TEXT = {
  cardDeclined: "Oops, your card was declined!",
  cardExpired: "Your card has expired. Please use another card.",
  cardInvalid: "Please check the card number.",
  authenticationRequired:
    "Your bank asks you to authenticate this payment. Please use another card.",
  needCard: "Add a card first.",
  trialEnded: "Your Free Trial has ended!",
  upgraded: "Your plan is active. Thank you!",
  cardSaved: "Your card has been saved",
  cardsByStripe:
    "Parley never takes card numbers: with Stripe, cards are entered in Stripe's own secure form.",
  confirmPayment:
    "Your bank asks you to confirm this payment. Choose Confirm payment on the billing page to finish it.",
  authenticationFailed: "The payment was not confirmed with your bank.",
  stripeOnly: "This works only when payments are taken by Stripe.",
  stripeUnavailable:
    "Stripe's secure card form could not be loaded. Check your connection (or an ad blocker) and reload the page.",
  setupIncomplete: "Stripe has not saved this card. Please enter it again.",
  reactivateFirst:
    "Nothing renews while the subscription is canceled or paused: reactivate it first.",
  forbiddenWrite: "Please resolve your account status before making changes.",
} as const;

export const cardInput = z.object({
  number: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, BILLING_TEXT.cardInvalid)),
  expMonth: z.number().int().min(1, "Month 1-12").max(12, "Month 1-12"),
  expYear: z.number().int().min(2000, "Enter the year").max(2100, "Enter the year"),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "3 or 4 digits"),
  name: z.string().trim().min(1, "Name on the card is required").max(100),
});
export type CardInput = z.input<typeof cardInput>;

export const cardOnFile = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
});

export const planResponse = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number(),
  monthlyCredits: z.number(),
  retentionOnly: z.boolean(),
});

export const billingSummary = z.object({
  plan: planResponse.nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  periodEnd: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  removeDataAt: z.string().nullable(),
  forbiddenReason: z.enum(FORBIDDEN_REASONS).nullable(),
  pricePerText: z.number(),
  totalCredits: z.number(),
  usedCredits: z.number(),
  balance: z.number(),
  internationalBalance: z.number(),
  /** Auto top-up is on (doc 1 §3 payment info; the used-messages modal reads it). */
  autoTopup: z.boolean(),
  autoTopupSettings: z.object({
    threshold: z.number(),
    bundleQty: z.number(),
    lastTopupAt: z.string().nullable(),
    lastFailure: z.string().nullable(),
  }),
  /** The plan renews every month (accounts.is_auto_renew_enabled); off, it lapses at its end. */
  autoRenew: z.boolean(),
  card: cardOnFile.nullable(),
  processor: z.enum(["test", "stripe"]),
  /** Stripe's publishable key for the browser's Payment Element (Stripe payments only). */
  stripePublishableKey: z.string().nullable(),
  /** Payments the bank asked the customer to confirm (3-D Secure), waiting for them. */
  awaitingConfirmation: z.array(
    z.object({
      invoiceId: z.number(),
      number: z.string(),
      description: z.string(),
      amountCents: z.number(),
    }),
  ),
  /** The monthly add-ons held (extra numbers, keyword packs): lines of every plan payment. */
  monthlyAddons: z.array(z.object({ description: z.string(), amountCents: z.number() })),
  /**
   * What a monthly add-on taken today is charged now, prorated to the paid period's end; null
   * when nothing is charged now (a trial: the first plan payment includes it).
   */
  addonsDueNow: z
    .object({ until: z.string(), extraNumberCents: z.number(), keywordPackCents: z.number() })
    .nullable(),
});
export type BillingSummary = z.infer<typeof billingSummary>;

/**
 * pending: sent to the processor, its answer not recorded yet (retried with the same key);
 * requires_action: waiting for the customer to confirm it with the bank (Stripe); disputed: the
 * cardholder disputed the charge with their bank (Stripe); dispute_lost: the bank decided that
 * dispute for the cardholder (a dispute won brings the invoice back to paid).
 */
export const INVOICE_STATUSES = [
  "pending",
  "paid",
  "failed",
  "requires_action",
  "refunded",
  "disputed",
  "dispute_lost",
] as const;

export const invoiceRow = z.object({
  id: z.number(),
  number: z.string(),
  description: z.string(),
  amountCents: z.number(),
  /** Refunded so far: part of the amount on a paid invoice, all of it on a refunded one. */
  refundedCents: z.number(),
  status: z.enum(INVOICE_STATUSES),
  failure: z.string().nullable(),
  card: z.string().nullable(),
  /** The plan and each monthly add-on on their own line; one line for a single purchase. */
  lines: z.array(z.object({ description: z.string(), amountCents: z.number() })),
  createdAt: z.string(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const CANCEL_REASONS = [
  "Too expensive",
  "My subscribers aren't receiving texts",
  "Closing my business",
  "Not getting enough value from texting",
  "Not sure how to use the service or features",
  "Missing features I need",
  "Other Issue",
] as const;

export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * The retention offer each cancellation reason shows (doc 1 §4). kind says what its button does:
 * switch plans (with the Lite plan offer), the brand registration form on the dashboard, an
 * external scheduling link, or the chat. 'Closing my business' has none.
 */
export const CANCEL_OFFERS: Record<
  CancelReason,
  {
    kind: "plans" | "form" | "schedule" | "chat";
    title: string;
    body: string;
    button: string;
  } | null
> = {
  "Too expensive": {
    kind: "plans",
    title: "Cutting Expenses?",
    body: "Switch to a plan that fits your budget, or try our exclusive low-rate plan.",
    button: "Switch Plans",
  },
  "My subscribers aren't receiving texts": {
    kind: "form",
    title: "Submit Form",
    body: "Register your phone number with the wireless carriers for up to 90% better delivery. It takes under 1 business day.",
    button: "Let me see the form",
  },
  "Closing my business": null,
  "Not getting enough value from texting": {
    kind: "schedule",
    title: "Free Consultation",
    body: "Book a free consultation with a texting expert: we look at your list, your messages and your results, and show you what brings more value.",
    button: "Book My Free Consultation",
  },
  "Not sure how to use the service or features": {
    kind: "schedule",
    title: "Free Walkthrough",
    body: "Book a free walkthrough: we show you how to add subscribers, send and schedule messages, and read your reports.",
    button: "Book My Free Walkthrough",
  },
  "Missing features I need": {
    kind: "schedule",
    title: "Discover",
    body: "Tell us what you need: many features are already here, and a short call helps you discover them.",
    button: "Schedule a Call",
  },
  "Other Issue": {
    kind: "chat",
    title: "Chat With Us",
    body: "Tell us what went wrong in a live chat. We answer within minutes during business hours and within 1 business day after hours.",
    button: "Start a Chat",
  },
};

/** The Lite plan offer of 'Too expensive' (doc 1 §4, §9). */
const LITE = planById("lite")!;
export const LITE_OFFER = {
  title: "Exclusive Low-Rate Plan",
  price: `${formatPrice(LITE.priceCents)} per month`,
  messages: `${LITE.monthlyCredits} monthly messages`,
  button: "I'll give it a try",
} as const;

/** Stages of the cancellation flow a business reached (doc 1 §4 query flags, for analytics). */
export const CANCEL_FLOW_STAGES = ["cancel", "pause", "confirm", "offer_accepted", "kept"] as const;

export const cancelFlowEvent = z.object({
  stage: z.enum(CANCEL_FLOW_STAGES, { message: "Unknown stage." }),
  reason: z.enum(CANCEL_REASONS, { message: "Choose a reason." }).nullable().optional(),
});

const bundleQty = z
  .number({ message: "Choose a bundle." })
  .int()
  .refine((q) => MESSAGE_BUNDLES.some((b) => b.qty === q), "Choose a bundle.");

export const autoTopupInput = z.object({
  enabled: z.boolean({ message: "Say whether auto top-up is on." }),
  threshold: z
    .number({ message: "Enter a number of credits." })
    .int("Enter a whole number of credits.")
    .min(AUTO_TOPUP_MIN_THRESHOLD, `At least ${AUTO_TOPUP_MIN_THRESHOLD} credits.`)
    .max(
      AUTO_TOPUP_MAX_THRESHOLD,
      `At most ${AUTO_TOPUP_MAX_THRESHOLD.toLocaleString("en-US")} credits.`,
    ),
  bundleQty,
});
export type AutoTopupInput = z.infer<typeof autoTopupInput>;

export const bundlePurchaseInput = z.object({ qty: bundleQty });

export const bundleResponse = z.object({ qty: z.number(), priceCents: z.number() });

export const referralSummary = z.object({
  code: z.string(),
  /** Path of the sign-up page with the code; the web prefixes its origin. */
  path: z.string(),
  creditsPerReferral: z.number(),
  signedUp: z.number(),
  credited: z.number(),
  creditsEarned: z.number(),
});

export const referralRow = z.object({
  id: z.number(),
  business: z.string(),
  signedUpAt: z.string(),
  status: z.enum(["signed_up", "credited", "removed"]),
  creditedAt: z.string().nullable(),
  credits: z.number(),
});
export type ReferralRow = z.infer<typeof referralRow>;

const CENTS = "The confirmed amount must be a number of cents.";
/** A charge asked for without the amount its summary showed (the web app always sends it). */
export const CONFIRM_AMOUNT_FIRST =
  "Confirm the amount before paying: amountCents is the amount the payment summary showed.";

/**
 * The amount the customer saw and confirmed, compared with the amount charged: required, since
 * every charge in the app (plan change, pack) shows a summary with the amount first.
 */
export const confirmedAmount = z
  .number({ error: (issue) => (issue.input === undefined ? CONFIRM_AMOUNT_FIRST : CENTS) })
  .int(CENTS)
  .min(0, CENTS);

export const bundlePurchaseConfirmed = z.object({ qty: bundleQty, amountCents: confirmedAmount });

/** A SetupIntent for Stripe's Payment Element to confirm in the browser. */
export const cardSetupResponse = z.object({
  clientSecret: z.string(),
  publishableKey: z.string(),
});

export const cardSetupComplete = z.object({
  setupIntentId: z
    .string({ message: "Name the SetupIntent." })
    .regex(/^seti_[A-Za-z0-9]+$/, "Name the SetupIntent."),
});

/** What the browser needs to confirm a waiting payment with Stripe.js. */
export const paymentConfirmation = z.object({
  clientSecret: z.string(),
  paymentMethod: z.string().nullable(),
  publishableKey: z.string(),
});

export const portalSession = z.object({ url: z.string() });
