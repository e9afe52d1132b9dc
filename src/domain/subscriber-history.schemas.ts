import { z } from "zod";

/**
 * What the subscriber detail shows besides the record itself: the consent log with who and
 * through which number, the messages exchanged with the number, and the groups of a page of
 * subscribers (the manage table's groups column).
 */

export const consentHistoryEntry = z.object({
  id: z.number(),
  /** opt_in | opt_out | help | block | unblock */
  action: z.string(),
  /** keyword | manual | carrier | import | sign_up_form | … */
  source: z.string(),
  detail: z.string(),
  createdAt: z.string(),
  /** The person in the account who made the change; null for keywords, imports, carriers. */
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The account's number the change came through (a STOP texted to it), when known. */
  viaNumber: z.string().nullable(),
});
export type ConsentHistoryEntry = z.infer<typeof consentHistoryEntry>;
export const consentHistoryResponse = z.object({ rows: z.array(consentHistoryEntry) });

export const CONSENT_ACTION_LABELS: Record<string, string> = {
  opt_in: "Opted in",
  opt_out: "Opted out",
  consent: "Marketing consent recorded",
  help: "Asked for help",
  block: "Blocked",
  unblock: "Unblocked",
  voice_opt_in: "Agreed to voice calls",
  voice_opt_out: "Withdrew voice consent",
};
export const CONSENT_SOURCE_LABELS: Record<string, string> = {
  manual: "By hand",
  inbound_message: "None: texted in (conversation only)",
  keyword: "Text message",
  carrier: "Carrier report",
  import: "Spreadsheet import",
  sign_up_form: "Sign-up form",
  api: "API",
};

export const subscriberMessagesQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const subscriberMessage = z.object({
  id: z.number(),
  direction: z.enum(["inbound", "outbound"]),
  body: z.string(),
  mediaUrls: z.array(z.string()),
  /** A delivery status of doc 1 §3 ('Received' for inbound). */
  status: z.string(),
  errorCode: z.number().nullable(),
  /** The account's number on the other side of the message. */
  businessNumber: z.string(),
  source: z.string(),
  createdAt: z.string(),
});
export type SubscriberMessage = z.infer<typeof subscriberMessage>;
export const subscriberMessagesResponse = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(subscriberMessage),
});

export const MAX_MEMBERSHIP_IDS = 100;
export const membershipsQuery = z.object({
  /** Comma-separated subscriber ids (one table page). */
  ids: z
    .string("List the subscriber ids")
    .transform((s) => [
      ...new Set(
        s
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((list) => list.every((x) => /^\d{1,15}$/.test(x)), "Subscriber ids are numbers")
    .transform((list) => list.map(Number))
    .refine((list) => list.length <= MAX_MEMBERSHIP_IDS, "At most 100 subscribers at a time"),
});
export const membershipGroup = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(["static", "adaptive"]),
});
export type MembershipGroup = z.infer<typeof membershipGroup>;
/** Groups by subscriber id; every id asked for that is the caller's has an entry. */
export const membershipsResponse = z.object({
  groups: z.record(z.string(), z.array(membershipGroup)),
});
