import { parsePhoneNumberFromString } from "libphonenumber-js";

/** Toll-free area codes of the North American Numbering Plan. */
export const TOLL_FREE_AREA_CODES = ["800", "833", "844", "855", "866", "877", "888"] as const;

/** E.164 for a US/Canada number given in any common form, or null when it is not one. */
export function toE164(input: string, defaultCountry: "US" | "CA" = "US"): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry);
  if (!parsed?.isValid()) return null;
  if (parsed.countryCallingCode !== "1") return null;
  return parsed.number;
}

export function isTollFree(e164: string): boolean {
  return (TOLL_FREE_AREA_CODES as readonly string[]).includes(e164.slice(2, 5));
}

/** (415) 555-0123 for +14155550123; other numbers as given. */
export function formatUsNumber(e164: string): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}

/**
 * A number as every picker and line shows it: "(212) 555-0100", with its name after a dot when it
 * has one ("Main line · (212) 555-0100"), never the raw +1… form beside a formatted one.
 */
export function numberLabel(e164: string, name?: string | null): string {
  const shown = formatUsNumber(e164);
  return name?.trim() ? `${name.trim()} · ${shown}` : shown;
}
