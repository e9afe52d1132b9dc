import { z } from "zod";
import { FORBIDDEN_REASONS } from "./account.schemas";
import { SUBSCRIPTION_STATUSES } from "./billing";

/** Texts of billing (doc 1 §4 for the modal titles; the rest are ours). */
export const BILLING_TEXT = {
  cardDeclined: "Oops, your card was declined!",
  cardExpired: "Your card has expired. Please use another card.",
  cardInvalid: "Please check the card number.",
  needCard: "Add a card first.",
  trialEnded: "Your Free Trial has ended!",
  upgraded: "Your plan is active. Thank you!",
  cardSaved: "Your card has been saved",
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
  autoTopup: z.boolean(),
  card: cardOnFile.nullable(),
  processor: z.enum(["test", "stripe"]),
});
export type BillingSummary = z.infer<typeof billingSummary>;

export const invoiceRow = z.object({
  id: z.number(),
  number: z.string(),
  description: z.string(),
  amountCents: z.number(),
  status: z.enum(["paid", "failed"]),
  failure: z.string().nullable(),
  card: z.string().nullable(),
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
