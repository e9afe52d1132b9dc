import { z } from "zod";
import { intId } from "./ids";
import { KEYWORD_MAX_LENGTH, KEYWORD_TEXTS, keywordProblem } from "./keywords";

/** Keywords API shapes (spec doc 1 §2 /optins/keywords, /optins/keywords/edit). */
export const KEYWORD_STATUSES = ["active", "paused"] as const;

export const keywordInput = z.object({
  keyword: z
    .string()
    .max(KEYWORD_MAX_LENGTH * 4)
    .superRefine((v, c) => {
      const problem = keywordProblem(v);
      if (problem) c.addIssue({ code: "custom", message: problem });
    }),
  /** null: answers on every number of the account. */
  phoneNumberId: intId().nullable(),
  status: z.enum(KEYWORD_STATUSES).default("active"),
  reply: z.string().trim().min(1, KEYWORD_TEXTS.replyRequired).max(1000),
  alreadySubscribedReply: z.string().trim().max(1000).default(""),
  doubleOptIn: z.boolean().default(false),
  askName: z.boolean().default(false),
  askEmail: z.boolean().default(false),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  groupIds: z.array(intId()).max(50).default([]),
});
export type KeywordInput = z.infer<typeof keywordInput>;

export const keywordStatusInput = z.object({ status: z.enum(KEYWORD_STATUSES) });

export const keywordResponse = z.object({
  id: z.number(),
  keyword: z.string(),
  phoneNumberId: z.number().nullable(),
  number: z.string().nullable(),
  status: z.enum(KEYWORD_STATUSES),
  expired: z.boolean(),
  reply: z.string(),
  fullReply: z.string(),
  alreadySubscribedReply: z.string(),
  doubleOptIn: z.boolean(),
  askName: z.boolean(),
  askEmail: z.boolean(),
  expiresAt: z.string().nullable(),
  groupIds: z.array(z.number()),
  joins: z.number(),
  createdAt: z.string(),
});
export type KeywordResponse = z.infer<typeof keywordResponse>;

export const keywordListQuery = z.object({
  search: z.string().max(100).optional(),
  phoneNumberId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

export const keywordListResponse = z.object({
  keywords: z.array(keywordResponse),
  limit: z.number(),
  used: z.number(),
  programName: z.string(),
});

export const keywordStatsResponse = z.object({
  days: z.array(z.object({ day: z.string(), joins: z.number(), optOuts: z.number() })),
  totalJoins: z.number(),
  totalOptOuts: z.number(),
});

export const keywordPurchaseResponse = z.object({ limit: z.number(), message: z.string() });
/** What the confirmation showed as charged now (prorated inside a paid period); optional. */
export const keywordPurchaseRequest = z
  .object({
    amountCents: z
      .number({ message: "The confirmed amount must be a number of cents." })
      .int("The confirmed amount must be a number of cents.")
      .min(0, "The confirmed amount must be a number of cents.")
      .optional(),
  })
  .optional();
