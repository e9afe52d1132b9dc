import { z } from "zod";
import { intId } from "./ids";

/**
 * The growth tools of issue 14 beyond keywords, the sign-up page and popups: SMS QR codes, QR code
 * templates (styled, scans counted through /q/:slug), the web banner, opt-in tracker pages
 * (/optIn/:accountName/:slug) and the /growth overview.
 */

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #1c7ed6");

/**
 * The link that opens the phone's messaging app with the number and text filled in (RFC 5724).
 * `?body=` is what iOS and Android both read today.
 */
export function smsUri(number: string, body: string): string {
  const to = number.replace(/[^\d+]/g, "");
  return body ? `sms:${to}?body=${encodeURIComponent(body)}` : `sms:${to}`;
}

/** Relative luminance of #rrggbb (WCAG 2). */
function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = c.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Phone cameras read dark modules on a light background; a light-on-dark or low-contrast code
 * prints fine and scans badly, so it is refused before anyone prints a thousand flyers.
 */
export function qrColoursProblem(fg: string, bg: string): string | null {
  if (luminance(fg) >= luminance(bg)) return "The code colour must be darker than the background";
  if (contrastRatio(fg, bg) < 4)
    return "Pick colours with more contrast so phones can read the code";
  return null;
}

export const QR_TEXTS = {
  notFound: "QR code template not found",
  numberNotFound: "Number not found",
  logoTooBig: "The logo must be a PNG, JPEG or SVG image under 150 KB",
} as const;

/** A logo as a data URL (kept in the row: it is drawn into downloads, never fetched). */
const logo = z
  .string()
  .max(200_000, QR_TEXTS.logoTooBig)
  .regex(/^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/, QR_TEXTS.logoTooBig);

export const qrTemplateInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Name the template")
      .max(80, "Keep the name under 80 characters"),
    phoneNumberId: intId("Pick the number people text"),
    message: z
      .string()
      .trim()
      .min(1, "Write the text the phone fills in (usually your keyword)")
      .max(160, "Keep the text under 160 characters"),
    fgColor: color,
    bgColor: color,
    frameText: z.string().trim().max(40, "Keep the frame text under 40 characters").default(""),
    logo: logo.nullable().default(null),
  })
  .superRefine((v, c) => {
    const problem = qrColoursProblem(v.fgColor, v.bgColor);
    if (problem) c.addIssue({ code: "custom", path: ["fgColor"], message: problem });
  });
export type QrTemplateInput = z.infer<typeof qrTemplateInput>;

export const qrTemplateResponse = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  phoneNumberId: z.number().nullable(),
  number: z.string().nullable(),
  message: z.string(),
  fgColor: z.string(),
  bgColor: z.string(),
  frameText: z.string(),
  logo: z.string().nullable(),
  scans: z.number(),
  lastScannedAt: z.string().nullable(),
  /** What the printed code holds: the counting redirect. */
  scanUrl: z.string(),
  /** Where the redirect sends the phone. */
  smsUri: z.string().nullable(),
  createdAt: z.string(),
});
export type QrTemplateResponse = z.infer<typeof qrTemplateResponse>;
export const qrTemplateListResponse = z.object({ rows: z.array(qrTemplateResponse) });

// --- web banner ---

export const BANNER_TEXTS = {
  pageRequired: "Pick the opt-in page the button opens",
  pageNotFound: "Opt-in page not found",
} as const;

export const webBannerConfig = z.object({
  enabled: z.boolean().default(true),
  message: z
    .string()
    .trim()
    .min(1, "Write the banner's message")
    .max(120, "Keep the message under 120 characters")
    .default("Get our deals by text"),
  buttonText: z
    .string()
    .trim()
    .min(1, "Write the button's text")
    .max(30, "Keep the button under 30 characters")
    .default("Sign up"),
  position: z.enum(["top", "bottom"]).default("bottom"),
  // Blue 9 under white text: 6.4:1 (blue 6 was 4.1:1, under WCAG AA for the bar's 14 px text).
  bgColor: color.default("#1864ab"),
  textColor: color.default("#ffffff"),
  buttonColor: color.default("#ffffff"),
  buttonTextColor: color.default("#1864ab"),
  /** The tracker page the button opens (sign-ups there are stamped Opt In Web Banner). */
  optinPageId: intId(BANNER_TEXTS.pageRequired).nullable().default(null),
  /** Visitors who close it do not see it again for this many days. */
  hideDays: z.number().int().min(0).max(365).default(7),
});
export type WebBannerConfig = z.infer<typeof webBannerConfig>;

export const webBannerResponse = z.object({
  config: webBannerConfig,
  views: z.number(),
  clicks: z.number(),
  accountName: z.string(),
  scriptUrl: z.string(),
  /** The opt-in page's public link the button opens, null when none is picked. */
  targetUrl: z.string().nullable(),
});
export type WebBannerResponse = z.infer<typeof webBannerResponse>;

/** What the banner script fetches: only what it draws. */
export const publicBanner = z.object({
  message: z.string(),
  buttonText: z.string(),
  position: z.enum(["top", "bottom"]),
  bgColor: z.string(),
  textColor: z.string(),
  buttonColor: z.string(),
  buttonTextColor: z.string(),
  hideDays: z.number(),
  targetUrl: z.string(),
});

// --- opt-in tracker pages ---

export const OPTIN_PAGE_TEXTS = {
  notFound: "Opt-in page not found",
  slugTaken: "Another opt-in page already uses this address",
  slugFormat: "Use 2-40 lower-case letters, digits and dashes",
} as const;

export const optinPageInput = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])$/, OPTIN_PAGE_TEXTS.slugFormat),
  title: z
    .string()
    .trim()
    .min(1, "Write a headline")
    .max(80, "Keep the headline under 80 characters"),
  description: z.string().trim().max(500, "Keep the description under 500 characters").default(""),
  buttonText: z.string().trim().min(1, "Write the button's text").max(30).default("Sign up"),
  groupIds: z.array(intId()).max(20).default([]),
  active: z.boolean().default(true),
});
export type OptinPageInput = z.infer<typeof optinPageInput>;

export const optinPageResponse = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  buttonText: z.string(),
  groupIds: z.array(z.number()),
  active: z.boolean(),
  visits: z.number(),
  signups: z.number(),
  publicUrl: z.string(),
  createdAt: z.string(),
});
export type OptinPageResponse = z.infer<typeof optinPageResponse>;
export const optinPageListResponse = z.object({ rows: z.array(optinPageResponse) });

// --- /growth ---

export const growthOverview = z.object({
  range: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
  /** One row per day; a key per sign-up method label with that day's joins. */
  days: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  methods: z.array(z.object({ label: z.string(), joined: z.number() })),
  totalJoined: z.number(),
  tools: z.object({
    keywords: z.object({ active: z.number(), total: z.number() }),
    signupPage: z.object({ live: z.boolean(), url: z.string() }),
    optinForms: z.object({ active: z.number(), views: z.number(), confirmations: z.number() }),
    qrTemplates: z.object({ total: z.number(), scans: z.number() }),
    webBanner: z.object({ enabled: z.boolean(), views: z.number(), clicks: z.number() }),
    optinPages: z.object({ total: z.number(), visits: z.number(), signups: z.number() }),
  }),
});
export type GrowthOverview = z.infer<typeof growthOverview>;
