/**
 * The registry's review rules (10DLC brands and campaigns, toll-free verifications), as the
 * built-in registry emulator applies them. Deterministic, so a person can predict the outcome
 * and a test can rely on it: the same form always gets the same decision and reason.
 */

export type ReviewKind = "brand" | "campaign" | "toll_free";
export type ReviewDecision = { approved: true } | { approved: false; reason: string };

export interface BrandForm {
  legalName: string;
  ein: string;
  website: string;
  vertical: string;
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  contactEmail?: string;
  /** Asked by the real registries (the person who represents the business). */
  contactFirstName?: string;
  contactLastName?: string;
  contactPhone?: string;
  brandType?: "standard" | "low_volume" | "sole_proprietor";
}
export interface CampaignForm {
  useCase: string;
  description: string;
  sampleMessages: string[];
  /** How subscribers opt in (the registries' message flow). */
  optInDescription?: string;
}
export interface TollFreeForm {
  businessName: string;
  website: string;
  useCase: string;
  sampleMessage: string;
  optInDescription: string;
}

/** Names registries refuse as placeholders ("Test Co", "asdf", "Demo"). */
const PLACEHOLDER_NAME = /\b(test|testing|demo|sample|asdf|qwerty|foo|bar|lorem|example)\b/i;
/** Hosts that cannot be a business's real website. */
const PLACEHOLDER_HOST =
  /(^|\.)(example\.(com|org|net)|test|localhost|invalid|example)$|^(\d{1,3}\.){3}\d{1,3}$/i;
const OPT_OUT_WORDS = /\b(stop|unsubscribe|opt[ -]?out|cancel)\b/i;
/** Content carriers do not carry on 10DLC or toll-free (SHAFT and loans, in short). */
const DISALLOWED = /\b(cannabis|marijuana|cbd|vape|firearms?|gambling|casino|payday loan)\b/i;

export const REJECTION = {
  placeholderName: "The business name looks like a placeholder; register your legal business name.",
  website: "The website could not be verified: give the business's own public website.",
  address: "The registered address is incomplete: street, city, state and ZIP are required.",
  optOut:
    "Sample messages must tell recipients how to opt out (for example 'Reply STOP to opt out').",
  optIn: "The opt-in description must say how subscribers agree to receive texts.",
  content: "The use case or sample messages contain content carriers do not allow.",
  brandNotApproved: "The brand this campaign belongs to is not approved.",
} as const;

function websiteProblem(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return !host.includes(".") || PLACEHOLDER_HOST.test(host);
  } catch {
    return true;
  }
}

export function reviewBrand(b: BrandForm): ReviewDecision {
  if (PLACEHOLDER_NAME.test(b.legalName)) return no(REJECTION.placeholderName);
  if (!b.website || websiteProblem(b.website)) return no(REJECTION.website);
  if (!b.street?.trim() || !b.city?.trim() || !b.state?.trim() || !b.zip?.trim())
    return no(REJECTION.address);
  if (DISALLOWED.test(b.vertical)) return no(REJECTION.content);
  return { approved: true };
}

export function reviewCampaign(c: CampaignForm, brandApproved: boolean): ReviewDecision {
  if (!brandApproved) return no(REJECTION.brandNotApproved);
  const all = [c.useCase, c.description, ...c.sampleMessages].join("\n");
  if (DISALLOWED.test(all)) return no(REJECTION.content);
  if (!c.sampleMessages.some((m) => OPT_OUT_WORDS.test(m))) return no(REJECTION.optOut);
  return { approved: true };
}

export function reviewTollFree(f: TollFreeForm): ReviewDecision {
  if (PLACEHOLDER_NAME.test(f.businessName)) return no(REJECTION.placeholderName);
  if (!f.website || websiteProblem(f.website)) return no(REJECTION.website);
  if (DISALLOWED.test(`${f.useCase}\n${f.sampleMessage}`)) return no(REJECTION.content);
  if (!/\b(sign|opt|agree|consent|keyword|form|check|text)/i.test(f.optInDescription))
    return no(REJECTION.optIn);
  return { approved: true };
}

function no(reason: string): ReviewDecision {
  return { approved: false, reason };
}

/**
 * Brand trust tiers and the long-code throughput they allow (messages per second per number),
 * after the carriers' published 10DLC tiers: a registered brand sends faster than an
 * unregistered long code, a well-documented one faster still.
 */
export const TRUST_TIERS = [
  { tier: "high", minScore: 75, mps: 75 },
  { tier: "medium", minScore: 50, mps: 40 },
  { tier: "low", minScore: 0, mps: 4 },
] as const;
export type TrustTier = (typeof TRUST_TIERS)[number]["tier"];

/**
 * The registry's trust score of an approved brand (0-100): points for what it can check (the
 * address, a business e-mail on the website's own domain, a tax id that is not a run of one digit).
 */
export function trustScore(b: BrandForm): number {
  let score = 40;
  const digits = b.ein.replace(/\D/g, "");
  if (digits.length === 9 && !/^(\d)\1+$/.test(digits)) score += 20;
  if (b.street && b.city && b.state && b.zip) score += 15;
  try {
    const host = new URL(b.website).hostname.replace(/^www\./, "");
    const mailHost = b.contactEmail?.split("@")[1]?.toLowerCase();
    if (mailHost && (mailHost === host || mailHost.endsWith(`.${host}`))) score += 25;
  } catch {
    // An unreadable website scores nothing for it.
  }
  return Math.min(100, score);
}

export function tierOf(score: number): (typeof TRUST_TIERS)[number] {
  return TRUST_TIERS.find((t) => score >= t.minScore) ?? TRUST_TIERS[TRUST_TIERS.length - 1]!;
}
