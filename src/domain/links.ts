import { z } from "zod";
import { ID_TEXT, intIdParam, MAX_BIGINT_ID } from "./ids";

/** The eleven public link shorteners whose links trigger the shortener warning (spec doc 1 §9). */
export const SHORTENER_DOMAINS = [
  "bit.ly",
  "tinyurl.com",
  "goo.gl",
  "ow.ly",
  "t.co",
  "is.gd",
  "buff.ly",
  "rebrand.ly",
  "cutt.ly",
  "shorturl.at",
  "tiny.cc",
] as const;

const SHORTENER_RE = new RegExp(
  `(?<![\\w.\\/-])(?:https?:\\/\\/)?(?:www\\.)?(?:${SHORTENER_DOMAINS.map((d) => d.replace(/\./g, "\\.")).join("|")})\\/[^\\s<>"')\\]]*`,
  "i",
);

/** The first public-shortener link in a message (with or without its scheme), or null. */
export function findShortenerUrl(text: string): string | null {
  const m = SHORTENER_RE.exec(text);
  if (!m) return null;
  // Trailing sentence punctuation is not part of the link.
  return m[0].replace(/[.,;:!?]+$/, "");
}

export const LINK_TEXTS = {
  invalidUrl:
    'Invalid link provided. Please make sure your link is formatted correctly and that it includes "http://" or "https://" at the start.',
  created: "Link created successfully.",
  saved: "Link saved successfully.",
  empty: "No tracked links to display.",
  onePerMessage: "You can only send 1 link per message",
  requiredByTemplate: "A link is required with this template",
  registerToInsert: "Register your number to insert a short-link",
  noMoreTags: "No more tags",
  shortlinkError: "There was an error generating a shortlink",
  notFound: "That link was not found in this account.",
} as const;

/** http:// or https:// followed by a host with a dot (or localhost), no spaces. */
export function isValidLongUrl(value: string): boolean {
  const v = value.trim();
  if (!/^https?:\/\/\S+$/i.test(v)) return false;
  try {
    const u = new URL(v);
    return u.hostname === "localhost" || /\.[a-z0-9-]{2,}$/i.test(u.hostname);
  } catch {
    return false;
  }
}

export const LINK_TOKEN_RE = /\[\[link tracking id=(\d+)\]\]/g;
export const linkToken = (id: number) => `[[link tracking id=${id}]]`;

/**
 * A recipient key of the shape the send pipeline writes (subscriber id, a dash, eight signature
 * characters): what a screen shows in a tracked link's place when no one recipient is meant.
 */
export const SAMPLE_RECIPIENT_KEY = "1234-abcdefgh";

/** Where a send's text marks each recipient's key, after the link's short address. */
export const LINK_RECIPIENT_MARK = "[link recipient]";
const RECIPIENT_MARK_RE = /(\/l\/[A-Za-z0-9]{4,20})\/\[link recipient\]/g;

/** What a tracked-link token reads as when its link is gone (deleted, or never the account's). */
export const MISSING_LINK_TEXT = "[deleted link]";

/**
 * A message body as its recipient reads it, for the screens and files a person reads (previews,
 * sent messages, reports, exports): each `[[link tracking id=N]]` becomes that link's short
 * address with a sample recipient key, and a stored `…/l/{code}/[link recipient]` gets the sample
 * key too. `shortUrls` maps a link id to its short address (`https://…/l/{code}`).
 */
export function bodyForDisplay(text: string, shortUrls: ReadonlyMap<number, string>): string {
  return text
    .replace(LINK_TOKEN_RE, (_, id: string) => {
      const url = shortUrls.get(Number(id));
      return url ? `${url}/${SAMPLE_RECIPIENT_KEY}` : MISSING_LINK_TEXT;
    })
    .replace(RECIPIENT_MARK_RE, (_, path: string) => `${path}/${SAMPLE_RECIPIENT_KEY}`);
}

/** Ids of the tracked-link tokens in a message, in order. */
export function linkTokenIds(text: string): number[] {
  return [...text.matchAll(LINK_TOKEN_RE)].map((m) => Number(m[1]));
}

export const UTM_KEYS = ["utm_source", "utm_campaign", "utm_term", "utm_content"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;

/** The long URL with the link's UTM parameters set (ones already in the URL are replaced). */
export function withUtm(longUrl: string, utm: Utm): string {
  const entries = UTM_KEYS.map((k) => [k, utm[k]?.trim() ?? ""] as const).filter(([, v]) => v);
  if (entries.length === 0) return longUrl;
  try {
    const u = new URL(longUrl);
    for (const [k, v] of entries) u.searchParams.set(k, v);
    return u.toString();
  } catch {
    return longUrl;
  }
}

const tagName = z.string().trim().min(1, "Enter a tag").max(40, "Tags are at most 40 characters");

export const utmSchema = z.object({
  utm_source: z.string().trim().max(100).optional(),
  utm_campaign: z.string().trim().max(100).optional(),
  utm_term: z.string().trim().max(100).optional(),
  utm_content: z.string().trim().max(100).optional(),
});

export const createLinkRequest = z.object({
  longUrl: z
    .string()
    .trim()
    .max(2000, "Links are at most 2000 characters")
    .refine(isValidLongUrl, LINK_TEXTS.invalidUrl),
  trackingEnabled: z.boolean().default(true),
  isMMS: z.boolean().default(false),
  ageCheck: z.boolean().default(false),
  tags: z.array(tagName).max(20).default([]),
  utm: utmSchema.optional(),
});
export type CreateLinkRequest = z.input<typeof createLinkRequest>;

export const patchLinkRequest = z.object({ tags: z.array(tagName).max(20) });

export const linkTag = z.object({ id: z.number(), tag: z.string() });
export type LinkTag = z.infer<typeof linkTag>;

export const link = z.object({
  id: z.number(),
  created: z.string(),
  longUrl: z.string(),
  /** longUrl with its UTM parameters: where the short link leads. */
  destinationUrl: z.string(),
  shortUrl: z.string(),
  code: z.string(),
  trackingEnabled: z.boolean(),
  ageCheck: z.boolean(),
  isMMS: z.boolean(),
  tags: z.array(linkTag),
  utm: utmSchema,
  clicks: z.number(),
  uniqueClicks: z.number(),
  createdBy: z.string().nullable(),
});
export type Link = z.infer<typeof link>;

export const listLinksQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  query: z.string().trim().max(200).default(""),
  /** Comma-separated ids (getLinks filters.linkIds). */
  linkIds: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .refine((s) => s.split(",").every((id) => Number(id) <= MAX_BIGINT_ID), ID_TEXT.invalid)
    .optional(),
  tagId: intIdParam().optional(),
});

export const listLinksResponse = z.object({
  rows: z.array(link),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const linkTagsResponse = z.object({ rows: z.array(linkTag) });

/** The synthetic first row of Existing Link, page 0 (spec doc 2 §3). */
export const GOOGLE_REVIEW_ROW = { id: 0, name: "Google Review Link" } as const;

export const reviewLinkOption = z.object({
  placeId: z.string(),
  description: z.string(),
  secondaryText: z.string(),
});
export const reviewLinksResponse = z.object({
  configured: z.boolean(),
  rows: z.array(reviewLinkOption),
  total: z.number(),
  /** Why there are no results when review links are not configured. */
  message: z.string().optional(),
});
export const REVIEW_LINKS_NOT_CONFIGURED =
  "Review links need a Google Places API key (GOOGLE_PLACES_API_KEY) on this server. Ask your administrator to add one.";

/** The review page a customer lands on for a Google place. */
export const googleReviewUrl = (placeId: string) =>
  `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
