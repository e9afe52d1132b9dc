import { formatUsNumber } from "./phone";

/**
 * How a subscriber's number and e-mail are shown (spec doc 1 §5, doc 2 §5): numbers of 6 digits
 * or fewer (short codes) as they are, 10 digits or fewer with the country prefix 1, and the
 * middle of an e-mail's local part hidden with dots.
 */
export function displayPhone(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  if (digits.length === 0 || digits.length <= 6) return raw;
  const full = digits.length <= 10 ? `1${digits}` : digits;
  return formatUsNumber(`+${full}`);
}

/** Only digits go to the API; a 10-digit number gets the country prefix 1. */
export function phoneDigits(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  return digits.length > 6 && digits.length <= 10 ? `1${digits}` : digits;
}

/** 'olivia.smith@gmail.com' → 'o...h@gmail.com'; a short local part keeps its first letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length <= 2) return `${local[0]}...${domain}`;
  return `${local[0]}...${local[local.length - 1]}${domain}`;
}
