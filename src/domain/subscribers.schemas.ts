import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { countryIdOfCode } from "./countries";
import { DATE_MESSAGES, EARLIEST_ATTRIBUTE_DATE, parseDateInput } from "./date-input";
import { bigId, intId, intIdParam, signedIntIdParam } from "./ids";
import { isTollFree, toE164 } from "./phone";
import { SIGNUP_METHOD_KEYS } from "./signup-methods";

/** Subscribers (spec doc 2 §3, §5, §7; doc 1 §3, §5): API shapes shared by server and web. */

/** The spec's text for a number we do not accept (doc 1 §5); host is the app's own address. */
export function phoneNotAccepted(host: string): string {
  return `Number not accepted. Please enter a valid US or Canada mobile number. If you believe this is an error, please contact support at ${host}/contact`;
}
export const INVALID_EMAIL = "Invalid Email Address";
export const PHONE_REQUIRED = "Phone number is required";

/** A US or Canada number that can receive texts, as E.164 plus its country id; null otherwise. */
export function acceptSubscriberPhone(input: string): { phone: string; countryId: number } | null {
  // Fast path for the usual written forms of a 10-digit number (imports read a million of them):
  // with libphonenumber's default metadata, validity and country follow from the first six digits.
  const trimmed = input.trim();
  if (/^\+?[\d\s().\-/]+$/.test(trimmed)) {
    let digits = trimmed.replace(/\D/g, "");
    const hasCountry = digits.length === 11 && digits.startsWith("1");
    // "+" must be followed by the country code 1; without it, a leading 1 is optional.
    if (hasCountry) digits = digits.slice(1);
    if (digits.length === 10 && (hasCountry || !trimmed.startsWith("+"))) {
      const prefix = digits.slice(0, 6);
      let known = PREFIX_CACHE.get(prefix);
      if (known === undefined) {
        known = slowAccept(`+1${digits}`)?.countryId ?? null;
        if (PREFIX_CACHE.size > 200_000) PREFIX_CACHE.clear();
        PREFIX_CACHE.set(prefix, known);
      }
      return known === null ? null : { phone: `+1${digits}`, countryId: known };
    }
  }
  return slowAccept(input);
}

const PREFIX_CACHE = new Map<string, number | null>();

function slowAccept(input: string): { phone: string; countryId: number } | null {
  const phone = toE164(input);
  // Toll-free numbers are not mobiles: a text to one never reaches a person.
  if (!phone || isTollFree(phone)) return null;
  return { phone, countryId: countryIdOfCode(parsePhoneNumberFromString(phone)?.country) };
}

const name = z.string().trim().max(100, "Names are at most 100 characters");
const email = z
  .string()
  .trim()
  .max(254, INVALID_EMAIL)
  .refine((s) => s === "" || z.email().safeParse(s).success, INVALID_EMAIL);
/** Custom field values keyed by field id; checked against each field's type by the server. */
const attributes = z.record(z.string().regex(/^\d+$/, "Unknown custom field"), z.unknown());

function phoneField(host: string) {
  return z
    .string(PHONE_REQUIRED)
    .trim()
    .min(1, PHONE_REQUIRED)
    .transform((s, ctx) => {
      const accepted = acceptSubscriberPhone(s);
      if (!accepted) {
        ctx.addIssue({ code: "custom", message: phoneNotAccepted(host) });
        return z.NEVER;
      }
      return accepted;
    });
}

/** Adding a subscriber by hand for marketing: the person adding confirms the subscriber agreed. */
export const ADD_ATTESTATION_REQUIRED = "Confirm this to add the subscriber.";

/** Create and update bodies; built per host because the phone message names the support page. */
export function subscriberRequests(host: string) {
  const create = z.object({
    number: phoneField(host),
    firstName: name.default(""),
    lastName: name.default(""),
    email: email.default(""),
    signupMethod: z.enum(SIGNUP_METHOD_KEYS, "Unknown sign-up method").default("MANUAL_ENTRY"),
    attributes: attributes.default({}),
    groupIds: z.array(intId()).max(100).default([]),
    /** The person adding confirms the subscriber agreed to marketing texts; kept in the consent record. */
    attestation: z.boolean().optional(),
    /**
     * A number added only to write to it one to one (the inbox's Quick Add): no marketing consent
     * is recorded, so no campaign reaches it until the person opts in.
     */
    conversationOnly: z.boolean().optional(),
  });
  const update = z.object({
    number: phoneField(host).optional(),
    firstName: name.optional(),
    lastName: name.optional(),
    email: email.optional(),
    /** Keys present are replaced; a null or empty value clears that field. */
    attributes: attributes.optional(),
  });
  return { create, update };
}

const boolish = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((s) => (s ? s : undefined));
const dateField = z
  .string()
  .optional()
  .transform((s, ctx) => {
    if (!s?.trim()) return undefined;
    const r = parseDateInput(s);
    if (!r.ok) {
      ctx.addIssue({ code: "custom", message: r.message });
      return z.NEVER;
    }
    return r.date;
  });

/** Multi-select filter values; EMPTY and NOT_EMPTY are the spec's special values. */
export const MULTI_SELECT_EMPTY = "EMPTY";
export const MULTI_SELECT_NOT_EMPTY = "NOT_EMPTY";

/**
 * The subscriber filter form (doc 2 §3). Accepted from a query string (all strings) or a JSON
 * body (bulk selections), so numbers and booleans are read from either form.
 */
export const subscriberFilter = z
  .object({
    query: optionalText(100),
    startDate: dateField,
    endDate: dateField,
    group: signedIntIdParam("Choose a group").optional(),
    country: intIdParam("Choose a country").optional(),
    signupMethod: z.enum(SIGNUP_METHOD_KEYS, "Unknown sign-up method").optional(),
    isLandline: boolish.optional(),
    /** true: subscribers with marketing consent; false: conversation contacts only. */
    marketingConsent: boolish.optional(),
    areaCode: z
      .union([z.string(), z.number()])
      .optional()
      .transform((v) => (v === undefined || v === "" ? undefined : String(v)))
      .refine((v) => v === undefined || /^\d{3}$/.test(v), "Area codes have 3 digits"),
    /** The chosen custom field: its id, or the field as JSON (what the form's picker holds). */
    attribute: z
      .union([z.string(), z.number()])
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "") return undefined;
        let id: unknown = v;
        if (typeof v === "string" && v.trim().startsWith("{")) {
          try {
            id = (JSON.parse(v) as { id?: unknown }).id;
          } catch {
            id = undefined;
          }
        }
        const n = Number(id);
        if (!Number.isInteger(n) || n <= 0) {
          ctx.addIssue({ code: "custom", message: "Choose an attribute" });
          return z.NEVER;
        }
        return n;
      }),
    attributeBoolean: boolish.optional(),
    /** A whole date, or a year (YYYY) as offered by the years picker. */
    attributeDate: z
      .union([z.string(), z.number()])
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "") return undefined;
        const s = String(v).trim();
        if (/^\d{4}$/.test(s)) return { year: Number(s) };
        const r = parseDateInput(s, { earliest: EARLIEST_ATTRIBUTE_DATE });
        if (!r.ok) {
          ctx.addIssue({ code: "custom", message: r.message });
          return z.NEVER;
        }
        return { date: r.date };
      }),
    attributeIsEmpty: boolish.optional(),
    attributeIsNotEmpty: boolish.optional(),
    attributeMultiSelect: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) => {
        const list = (typeof v === "string" ? v.split(",") : (v ?? []))
          .map((s) => s.trim())
          .filter(Boolean);
        return list.length ? list : undefined;
      }),
    attributeString: optionalText(200),
  })
  .superRefine((f, ctx) => {
    if (f.startDate && f.endDate && f.startDate > f.endDate) {
      ctx.addIssue({ code: "custom", path: ["startDate"], message: DATE_MESSAGES.startAfterEnd });
    }
    const needsAttribute =
      f.attributeBoolean !== undefined ||
      f.attributeDate !== undefined ||
      f.attributeIsEmpty ||
      f.attributeIsNotEmpty ||
      f.attributeMultiSelect !== undefined ||
      f.attributeString !== undefined;
    if (needsAttribute && f.attribute === undefined) {
      ctx.addIssue({ code: "custom", path: ["attribute"], message: "Choose an attribute" });
    }
  });
export type SubscriberFilter = z.infer<typeof subscriberFilter>;
export type SubscriberFilterInput = z.input<typeof subscriberFilter>;

const NOT_COUNTED = new Set(["query", "startDate", "endDate"]);

/** How many filters the badge shows (doc 2 §5): every set field but query and the dates. */
export function filterCount(filter: Record<string, unknown>): number {
  let n = 0;
  for (const [key, value] of Object.entries(filter)) {
    if (NOT_COUNTED.has(key)) continue;
    if (value === undefined || value === null || value === "" || value === false) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    n += 1;
  }
  return n;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export const listSubscribersQuery = z.intersection(
  subscriberFilter,
  z.object({
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce
      .number()
      .int()
      .refine(
        (n) => (PAGE_SIZES as readonly number[]).includes(n),
        "Page size is 10, 25, 50 or 100",
      )
      .default(DEFAULT_PAGE_SIZE),
    sortBy: z.enum(["date", "name", "phone"]).default("date"),
    sortDirection: z
      .string()
      .default("DESC")
      .transform((s) => s.toUpperCase())
      .pipe(z.enum(["ASC", "DESC"], "Sort direction is ASC or DESC")),
    /**
     * withTotal=false leaves the total out (null): the page comes back at index speed and the
     * screen asks /api/subscribers/count beside it, since counting 100,000s of matches takes longer.
     */
    withTotal: z
      .enum(["true", "false"], "withTotal is true or false")
      .default("true")
      .transform((v) => v === "true"),
  }),
);
export type ListSubscribersQuery = z.infer<typeof listSubscribersQuery>;
export const countSubscribersResponse = z.object({ total: z.number() });

export const subscriber = z.object({
  id: z.number(),
  number: z.string(),
  countryId: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  signupMethod: z.string(),
  signupMethodLabel: z.string(),
  /** Created, ISO 8601 (the client shows it in the account's time zone). */
  date: z.string(),
  isLandline: z.boolean().nullable(),
  optedOut: z.boolean(),
  blocked: z.boolean(),
  /**
   * Whether marketing consent is recorded (keyword, form, import, entry by the business). False:
   * a conversation contact (texted in), left out of every marketing send.
   */
  marketingConsent: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
});
export type Subscriber = z.infer<typeof subscriber>;

export const listSubscribersResponse = z.object({
  total: z.number().nullable(),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(subscriber),
});

export const consentEvent = z.object({
  action: z.string(),
  source: z.string(),
  detail: z.string(),
  userId: z.number().nullable(),
  createdAt: z.string(),
});

export const subscriberDetail = subscriber.extend({
  marketingConsentAt: z.string().nullable(),
  consentSource: z.string(),
  consentDetail: z.string(),
  updatedAt: z.string(),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  consentHistory: z.array(consentEvent),
});
export type SubscriberDetail = z.infer<typeof subscriberDetail>;

/** The business records a conversation contact's marketing consent by hand (with attestation). */
export const RECORD_CONSENT_TEXT = {
  attestation: "Confirm that this person agreed to receive marketing text messages from you.",
  detail: "Say how the person agreed (at most 300 characters).",
} as const;

export const recordConsentRequest = z.object({
  attestation: z.literal(true, { error: RECORD_CONSENT_TEXT.attestation }),
  /** How and when the person agreed, e.g. "Signed the paper form at the counter on 3 May". */
  detail: z.string().trim().max(300, RECORD_CONSENT_TEXT.detail).default(""),
});
export type RecordConsentRequest = z.input<typeof recordConsentRequest>;

/** A page of picked ids, or everything the filter matches minus the rows unticked. */
export const subscriberSelection = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("ids"),
    ids: z.array(bigId()).min(1, "Select at least one subscriber").max(10_000),
  }),
  z.object({
    mode: z.literal("all"),
    filter: subscriberFilter.prefault({}),
    excludedIds: z.array(bigId()).max(10_000).default([]),
  }),
]);
export type SubscriberSelection = z.infer<typeof subscriberSelection>;

export const bulkDeleteRequest = z.object({ selection: subscriberSelection });
export const bulkGroupRequest = z.object({
  selection: subscriberSelection,
  groupId: intId("Select a group"),
});
export const bulkResponse = z.object({ affected: z.number() });
