import type { BrandType } from "../../../domain/registry-limits";

/**
 * Our forms' words in the registries' vocabularies: campaign use cases, toll-free categories,
 * opt-in types and volumes. Pure, so each mapping is tested on its own.
 */

/** The campaign form's use cases (TCR's standard ones), by name. */
const TCR_USE_CASES: Record<string, string> = {
  marketing: "MARKETING",
  mixed: "MIXED",
  "low volume mixed": "LOW_VOLUME",
  "customer care": "CUSTOMER_CARE",
  "account notification": "ACCOUNT_NOTIFICATION",
  "delivery notification": "DELIVERY_NOTIFICATION",
  "security alert": "SECURITY_ALERT",
  "two-factor authentication": "2FA",
  "higher education": "HIGHER_EDUCATION",
  "public service announcement": "PUBLIC_SERVICE_ANNOUNCEMENT",
  charity: "CHARITY",
  "polling and voting": "POLLING_VOTING",
};

/** Twilio's UsAppToPersonUsecase (and Telnyx's usecase: both are TCR's names). */
export function campaignUseCase(useCase: string, brandType: BrandType): string {
  if (brandType === "sole_proprietor") return "SOLE_PROPRIETOR";
  if (brandType === "low_volume") return "LOW_VOLUME";
  const named = TCR_USE_CASES[useCase.trim().toLowerCase()];
  if (named) return named;
  const u = useCase.toLowerCase();
  if (/mixed/.test(u)) return "MIXED";
  if (/2fa|two.factor|verification code|one.time|otp/.test(u)) return "2FA";
  if (/deliver|shipping|order/.test(u)) return "DELIVERY_NOTIFICATION";
  if (/account|notification|alert|reminder/.test(u)) return "ACCOUNT_NOTIFICATION";
  if (/care|support|service/.test(u)) return "CUSTOMER_CARE";
  if (/poll|vot|survey/.test(u)) return "POLLING_VOTING";
  if (/charity|non.?profit|donat/.test(u)) return "CHARITY";
  return "MARKETING";
}

/** Twilio's toll-free UseCaseCategories. */
export function tollFreeCategory(useCase: string): string {
  const u = useCase.toLowerCase();
  if (/2fa|two.factor|verification code|one.time|otp/.test(u)) return "TWO_FACTOR_AUTHENTICATION";
  if (/deliver|shipping|order/.test(u)) return "DELIVERY_NOTIFICATIONS";
  if (/care|support|service/.test(u)) return "CUSTOMER_CARE";
  if (/account|notification|alert|reminder/.test(u)) return "ACCOUNT_NOTIFICATIONS";
  if (/event/.test(u)) return "EVENTS";
  if (/poll|vot|survey/.test(u)) return "POLLING_AND_VOTING_NON_POLITICAL";
  return "MARKETING";
}

/** How subscribers opt in, from the form's description (Twilio's OptInType). */
export function optInType(description: string): string {
  const d = description.toLowerCase();
  if (/\b(text|texting|keyword|sms)\b/.test(d)) return "VIA_TEXT";
  if (/\bqr\b/.test(d)) return "MOBILE_QR_CODE";
  if (/\b(paper|sign.?up sheet|card)\b/.test(d)) return "PAPER_FORM";
  if (/\b(web|website|online|form|checkout|check.?box|tick)\b/.test(d)) return "WEB_FORM";
  return "VERBAL";
}

/** Our monthly volume choice ("1000") as the registries write it ("1,000"). */
export function tollFreeVolume(volume: string): string {
  const n = Number(volume.replace(/\D/g, "")) || 1000;
  return n.toLocaleString("en-US");
}

export function hasLink(text: string): boolean {
  return /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(com|net|org|io|co|us|ly)\b/i.test(text);
}

export function hasPhoneNumber(text: string): boolean {
  return /(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/.test(text);
}

/** "Ana Lopez Ruiz" -> first "Ana", last "Lopez Ruiz". */
export function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return { first: parts[0] ?? "", last: parts.slice(1).join(" ") };
}
