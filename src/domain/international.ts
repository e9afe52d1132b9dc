import { parsePhoneNumberFromString } from "libphonenumber-js";

/** The United States and the territories texted at domestic rates. */
const DOMESTIC = new Set(["US", "PR", "VI", "GU", "AS", "MP"]);

let foreignAreaCodes: readonly string[] | null = null;

/**
 * The area codes of the North American numbering plan (+1) that belong to another country
 * (Canada, the Caribbean). Within +1 the area code alone names the country, so this list is what
 * the database matches campaign recipients against (the fan-out cannot call libphonenumber per
 * row). Worked out once from libphonenumber's own tables, so it follows the library's updates.
 */
export function foreignNanpAreaCodes(): readonly string[] {
  if (!foreignAreaCodes) {
    const codes: string[] = [];
    for (let ac = 200; ac <= 999; ac++) {
      // Any valid exchange (2-9) and line: the area code decides.
      const country = parsePhoneNumberFromString(`+1${ac}2345678`)?.country;
      if (country !== undefined && !DOMESTIC.has(country)) codes.push(String(ac));
    }
    foreignAreaCodes = codes;
  }
  return foreignAreaCodes;
}

/**
 * Whether a text to this E.164 number is an international one (doc 2 §8): it then also spends
 * international credits (one per message credit), bought as '$20 of international credits'.
 * Every number outside +1 is abroad; within +1, the area codes of other countries.
 */
export function isInternationalNumber(e164: string): boolean {
  if (!e164.startsWith("+")) return false;
  if (!e164.startsWith("+1")) return true;
  return foreignNanpAreaCodes().includes(e164.slice(2, 5));
}

/**
 * The error code of a delivery abroad that Parley did not send because the account had too few
 * international credits. Not a carrier's code: Parley's own codes start at 90000.
 */
export const NO_INTERNATIONAL_CREDITS_ERROR = 90001;

/**
 * The error code of a delivery whose carrier answer could not be written down (the carrier gave it
 * an id that already belongs to another message). It is not sent again: it may have gone.
 */
export const UNRECORDABLE_OUTCOME_ERROR = 90002;

/** Codes Parley itself gives a delivery (it did not hand it to the carrier, or lost its answer). */
export function isParleyErrorCode(code: number): boolean {
  return code >= 90000;
}

/** What a send's report says when its recipients abroad were not sent. */
export function internationalShortText(recipients: number, needed: number, balance: number) {
  const who = recipients === 1 ? "1 recipient abroad was" : `${recipients} recipients abroad were`;
  return `${who} not sent: not enough international credits (${needed} needed, ${balance} left). Add international credits under Add-ons › International Messages, then send to them again.`;
}
