/**
 * What a registered 10DLC brand may send, from the registry's outcome: the long-code pace
 * (AT&T's throughput per minute by the brand's trust score, as messages per second) and
 * T-Mobile's daily cap for the brand. Low-volume and sole-proprietor brands have fixed limits
 * whatever their score. Published by the carriers through the registries (Twilio's and Telnyx's
 * 10DLC throughput tables); a figure the registry's API gives for this brand wins over the table.
 */

export type BrandType = "standard" | "low_volume" | "sole_proprietor";
export const BRAND_TYPES: readonly BrandType[] = ["standard", "low_volume", "sole_proprietor"];

export interface RegisteredLimits {
  /** high | medium | low (by score), or low_volume | sole_proprietor. */
  tier: string;
  /** Long-code messages per second across the carriers (AT&T's figure, the strictest). */
  mps: number;
  /** T-Mobile's messages a day for the brand, or null when none applies. */
  dailyCap: number | null;
}

/** AT&T SMS throughput per minute by trust score (standard campaigns). */
const ATT_TPM = [
  { minScore: 75, tier: "high", tpm: 4500 },
  { minScore: 50, tier: "medium", tpm: 2400 },
  { minScore: 0, tier: "low", tpm: 240 },
] as const;

/** T-Mobile's daily cap by trust score (standard brands). */
const TMOBILE_DAILY = [
  { minScore: 75, cap: 200_000 },
  { minScore: 50, cap: 40_000 },
  { minScore: 25, cap: 10_000 },
  { minScore: 0, cap: 2_000 },
] as const;

const FIXED: Record<Exclude<BrandType, "standard">, RegisteredLimits> = {
  low_volume: { tier: "low_volume", mps: 75 / 60, dailyCap: 2_000 },
  sole_proprietor: { tier: "sole_proprietor", mps: 15 / 60, dailyCap: 1_000 },
};

export function limitsFor(
  brandType: BrandType,
  score: number | null,
  given: { mps?: number | null; dailyCap?: number | null } = {},
): RegisteredLimits {
  let limits: RegisteredLimits;
  if (brandType !== "standard") limits = { ...FIXED[brandType] };
  else {
    const s = Math.max(0, Math.min(100, score ?? 0));
    const att = ATT_TPM.find((t) => s >= t.minScore) ?? ATT_TPM[ATT_TPM.length - 1]!;
    const cap = TMOBILE_DAILY.find((t) => s >= t.minScore) ?? TMOBILE_DAILY[3];
    limits = { tier: att.tier, mps: att.tpm / 60, dailyCap: cap.cap };
  }
  if (given.mps != null && given.mps > 0) limits.mps = given.mps;
  if (given.dailyCap != null && given.dailyCap > 0) limits.dailyCap = given.dailyCap;
  return limits;
}

/** A fee the registry charges, shown before a submission (USD). */
export interface RegistryFee {
  /** What the fee is for, as the price list names it. */
  label: string;
  amount: number;
  /** one_time per submission, or monthly while the campaign is active. */
  period: "one_time" | "monthly";
  /** Which submission it comes with. */
  kind: "brand" | "campaign" | "toll_free";
  /** The brand types it applies to (all when absent). */
  brandTypes?: readonly BrandType[];
}

/**
 * The registries' published price lists for 10DLC and toll-free verification (USD), charged by
 * the carrier to the account that holds the carrier credentials. The emulator charges nothing.
 */
export const REGISTRY_FEES: Record<"emulator" | "twilio" | "telnyx", readonly RegistryFee[]> = {
  emulator: [],
  twilio: [
    {
      label: "Standard brand registration (with secondary vetting)",
      amount: 44,
      period: "one_time",
      kind: "brand",
      brandTypes: ["standard"],
    },
    {
      label: "Low-volume standard brand registration",
      amount: 4.5,
      period: "one_time",
      kind: "brand",
      brandTypes: ["low_volume"],
    },
    {
      label: "Sole proprietor brand registration",
      amount: 4.5,
      period: "one_time",
      kind: "brand",
      brandTypes: ["sole_proprietor"],
    },
    {
      label: "Campaign vetting, each submission",
      amount: 15,
      period: "one_time",
      kind: "campaign",
    },
    {
      label: "Campaign (standard use cases)",
      amount: 10,
      period: "monthly",
      kind: "campaign",
      brandTypes: ["standard"],
    },
    {
      label: "Campaign (low-volume mixed)",
      amount: 1.5,
      period: "monthly",
      kind: "campaign",
      brandTypes: ["low_volume"],
    },
    {
      label: "Campaign (sole proprietor)",
      amount: 2,
      period: "monthly",
      kind: "campaign",
      brandTypes: ["sole_proprietor"],
    },
    { label: "Toll-free verification", amount: 0, period: "one_time", kind: "toll_free" },
  ],
  telnyx: [
    { label: "Brand registration", amount: 4, period: "one_time", kind: "brand" },
    {
      label: "Brand vetting",
      amount: 40,
      period: "one_time",
      kind: "brand",
      brandTypes: ["standard"],
    },
    { label: "Campaign registration (T-Mobile)", amount: 50, period: "one_time", kind: "campaign" },
    {
      label: "Campaign, first 3 months up front, then $10 a month",
      amount: 30,
      period: "one_time",
      kind: "campaign",
      brandTypes: ["standard"],
    },
    {
      label: "Low-volume mixed campaign, first 3 months up front, then $2 a month",
      amount: 6,
      period: "one_time",
      kind: "campaign",
      brandTypes: ["low_volume", "sole_proprietor"],
    },
    { label: "Toll-free verification", amount: 0, period: "one_time", kind: "toll_free" },
  ],
};

/** The fees a submission of `kind` costs for a brand of `brandType`. */
export function feesFor(
  registry: keyof typeof REGISTRY_FEES,
  kind: RegistryFee["kind"],
  brandType: BrandType,
): RegistryFee[] {
  return REGISTRY_FEES[registry].filter(
    (f) => f.kind === kind && (!f.brandTypes || f.brandTypes.includes(brandType)),
  );
}
