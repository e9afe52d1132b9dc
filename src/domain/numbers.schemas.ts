import { z } from "zod";
import { isUsStateCode } from "./us-states";

/** Dedicated numbers (spec doc 1 §3, §7; doc 2 §4): API shapes shared by server and web. */
export const numberState = z.enum(["pending", "active"]);
export const tfVerificationState = z.enum(["none", "pending", "verified", "rejected"]);

export const dedicatedNumber = z.object({
  id: z.number(),
  /** The spec's name for the same id in pickers and send payloads. */
  longcodeId: z.number(),
  number: z.string(),
  name: z.string(),
  tollFree: z.boolean(),
  /** Usable without limits: a long code, or a toll-free number whose verification passed. */
  verified: z.boolean(),
  state: numberState,
  tfVerification: tfVerificationState,
  /** '(pending)', '(unverified Toll-Free)' or '' — shown after the number in pickers. */
  hint: z.string(),
  monthlyPriceCents: z.number(),
  createdAt: z.string(),
});
export type DedicatedNumber = z.infer<typeof dedicatedNumber>;

export const listNumbersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  search: z.string().trim().max(50).default(""),
  /** Long codes only, toll-free only, or both. */
  type: z.enum(["all", "longCode", "tollFree"]).default("all"),
});
export const listNumbersResponse = z.object({ total: z.number(), rows: z.array(dedicatedNumber) });

export const availableNumbersQuery = z.object({
  areaCode: z
    .string()
    .trim()
    .regex(/^\d{3}$/, "Enter a 3-digit area code")
    .optional(),
  tollFree: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});
export const availableNumber = z.object({
  number: z.string(),
  locality: z.string(),
  region: z.string(),
  tollFree: z.boolean(),
});
export const availableNumbersResponse = z.object({ rows: z.array(availableNumber) });

export const buyNumberRequest = z.object({
  number: z.string().regex(/^\+1\d{10}$/, "Choose a number from the list"),
  name: z.string().trim().max(60).default(""),
  /**
   * What the confirmation showed as charged now (an extra number inside a paid period is charged
   * prorated at once): another amount buys nothing (409). Left out by API callers.
   */
  amountCents: z
    .number({ message: "The confirmed amount must be a number of cents." })
    .int("The confirmed amount must be a number of cents.")
    .min(0, "The confirmed amount must be a number of cents.")
    .optional(),
});
export const renameNumberRequest = z.object({
  name: z.string().trim().max(60, "Names are at most 60 characters"),
});

export const tollFreeVerificationRequest = z.object({
  businessName: z.string().trim().min(1, "Business name is required").max(120),
  website: z.url("Enter a valid URL starting with http:// or https://"),
  contactEmail: z.email("Invalid Email Address"),
  contactPhone: z.string().trim().min(10, "Invalid phone number").max(20),
  useCase: z.string().trim().min(1, "Use case is required").max(500),
  sampleMessage: z.string().trim().min(20, "A sample message has at least 20 characters").max(1000),
  optInDescription: z
    .string()
    .trim()
    .min(20, "Describe how subscribers opt in (20 characters or more)")
    .max(1000),
  monthlyVolume: z.enum(["10", "100", "1000", "10000", "100000", "250000"]),
  // Asked by the real registries (Twilio, Telnyx); the built-in one does without.
  contactName: z.string().trim().max(120).optional(),
  optInImageUrl: z
    .union([z.literal(""), z.url("Enter a valid URL starting with http:// or https://")])
    .optional(),
});

export const hasValidSendingNumberResponse = z.object({ hasValidSendingNumber: z.boolean() });

/** Spec doc 1 §5: EIN is 2 digits, an optional dash, 7 digits; zip is 5 digits, optional +4. */
/** Standard, low-volume standard, or sole proprietor (a registry's brand types). */
export const BRAND_TYPE_VALUES = ["standard", "low_volume", "sole_proprietor"] as const;

export const EIN_PATTERN = /^\d{2}-?\d{7}$/;
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

export const brandRegistration = z.object({
  brand: z
    .object({
      legalName: z.string(),
      ein: z.string(),
      website: z.string(),
      vertical: z.string(),
      // Asked since the address became part of the form; absent in older submissions.
      street: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      zip: z.string().optional(),
      contactEmail: z.string().optional(),
      contactFirstName: z.string().optional(),
      contactLastName: z.string().optional(),
      contactPhone: z.string().optional(),
      brandType: z.enum(BRAND_TYPE_VALUES).optional(),
    })
    .nullable(),
  brandStatus: z.enum(["none", "pending", "approved", "rejected"]),
  campaign: z
    .object({
      useCase: z.string(),
      description: z.string(),
      sampleMessages: z.array(z.string()),
      optInDescription: z.string().optional(),
    })
    .nullable(),
  campaignStatus: z.enum(["none", "pending", "approved", "rejected"]),
});
export const brandRequest = z
  .object({
    legalName: z.string().trim().min(1, "Legal business name is required").max(120),
    // A sole proprietor registers without one; every other brand needs it.
    ein: z
      .string()
      .trim()
      .refine((v) => v === "" || EIN_PATTERN.test(v), "Enter a valid EIN (12-3456789)"),
    website: z.url("Enter a valid URL starting with http:// or https://"),
    vertical: z.string().trim().min(1, "Industry is required").max(60),
    /** The registry checks the brand against its registered address (spec doc 1 §5: zip). */
    street: z.string().trim().min(1, "Street address is required").max(120),
    city: z.string().trim().min(1, "City is required").max(60),
    state: z.string().trim().toUpperCase().refine(isUsStateCode, "Choose a state"),
    zip: z.string().trim().regex(ZIP_PATTERN, "Enter a valid ZIP code (12345 or 12345-6789)"),
    contactEmail: z.email("Invalid Email Address"),
    // The person who represents the business and the kind of brand: asked by the real registries.
    contactFirstName: z.string().trim().max(60).optional(),
    contactLastName: z.string().trim().max(60).optional(),
    contactPhone: z.string().trim().max(20).optional(),
    brandType: z.enum(BRAND_TYPE_VALUES).default("standard"),
  })
  .superRefine((b, ctx) => {
    if (b.brandType !== "sole_proprietor" && b.ein === "")
      ctx.addIssue({ code: "custom", path: ["ein"], message: "Enter a valid EIN (12-3456789)" });
  });
export const campaignRequest = z.object({
  useCase: z.string().trim().min(1, "Use case is required").max(60),
  description: z
    .string()
    .trim()
    .min(40, "Describe the campaign in 40 characters or more")
    .max(1000),
  sampleMessages: z
    .array(z.string().trim().min(20, "Each sample message has at least 20 characters"))
    .min(2, "Give two sample messages")
    .max(5),
  /** How subscribers opt in (the registries' message flow). */
  optInDescription: z.string().trim().max(2000).optional(),
});

/** Virtual phones of the carrier emulator (demo mode). */
export const virtualPhone = z.object({
  phone: z.string(),
  lastMessageAt: z.string(),
  lastBody: z.string(),
  messageCount: z.number(),
});
export const virtualPhonesResponse = z.object({ rows: z.array(virtualPhone) });
export const virtualMessage = z.object({
  sid: z.string(),
  /** "received" by the virtual phone (sent by the business) or "sent" by it. */
  direction: z.enum(["received", "sent"]),
  from: z.string(),
  to: z.string(),
  body: z.string(),
  mediaUrls: z.array(z.string()),
  segments: z.number(),
  status: z.string(),
  createdAt: z.string(),
});
export const virtualThreadResponse = z.object({ rows: z.array(virtualMessage) });
export const virtualReplyRequest = z.object({
  to: z.string().regex(/^\+1\d{10}$/, "Choose one of the account's numbers"),
  body: z.string().trim().min(1, "Type a message").max(1600),
});
