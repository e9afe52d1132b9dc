import { parsePhoneNumberFromString } from "libphonenumber-js";
import { formatUsNumber, TOLL_FREE_AREA_CODES } from "../../../domain/phone";

/** Where a local number is, for the area codes people try first; others are just "US". */
const AREA_CODES: Record<string, { locality: string; region: string }> = {
  "201": { locality: "Jersey City", region: "NJ" },
  "202": { locality: "Washington", region: "DC" },
  "206": { locality: "Seattle", region: "WA" },
  "212": { locality: "New York", region: "NY" },
  "213": { locality: "Los Angeles", region: "CA" },
  "214": { locality: "Dallas", region: "TX" },
  "303": { locality: "Denver", region: "CO" },
  "305": { locality: "Miami", region: "FL" },
  "310": { locality: "Los Angeles", region: "CA" },
  "312": { locality: "Chicago", region: "IL" },
  "404": { locality: "Atlanta", region: "GA" },
  "415": { locality: "San Francisco", region: "CA" },
  "503": { locality: "Portland", region: "OR" },
  "512": { locality: "Austin", region: "TX" },
  "602": { locality: "Phoenix", region: "AZ" },
  "612": { locality: "Minneapolis", region: "MN" },
  "615": { locality: "Nashville", region: "TN" },
  "617": { locality: "Boston", region: "MA" },
  "646": { locality: "New York", region: "NY" },
  "702": { locality: "Las Vegas", region: "NV" },
  "713": { locality: "Houston", region: "TX" },
  "720": { locality: "Denver", region: "CO" },
  "786": { locality: "Miami", region: "FL" },
  "813": { locality: "Tampa", region: "FL" },
  "858": { locality: "San Diego", region: "CA" },
};

/** Searched in this order when no area code is given. */
const DEFAULT_LOCAL_AREA_CODES = ["415", "212", "312", "512", "206", "617", "305", "404"];
const TOLL_FREE_ORDER = ["833", "844", "855", "866", "877", "888", "800"];

export function placeOf(e164: string): { locality: string | null; region: string } {
  const known = AREA_CODES[e164.slice(2, 5)];
  return known ?? { locality: null, region: "US" };
}

/** Area codes to draw from, in order: the one asked for (if it can hold US numbers) or defaults. */
export function areaCodesFor(kind: "local" | "tollFree", areaCode?: string): string[] {
  const tollFree = TOLL_FREE_AREA_CODES as readonly string[];
  if (kind === "tollFree") {
    return areaCode && tollFree.includes(areaCode) ? [areaCode] : TOLL_FREE_ORDER;
  }
  if (!areaCode) return DEFAULT_LOCAL_AREA_CODES;
  return /^[2-9]\d\d$/.test(areaCode) && !tollFree.includes(areaCode) ? [areaCode] : [];
}

/**
 * The emulator's stock in one area code: the fictional +1 NPA 555-0100…0199 block, kept only
 * where libphonenumber agrees the number is a real US one (an area code that does not exist,
 * or a Canadian one, yields nothing, as Twilio's US search would).
 */
export function stockOf(areaCode: string): string[] {
  const numbers: string[] = [];
  for (let line = 100; line <= 199; line++) {
    const e164 = `+1${areaCode}5550${line}`;
    const parsed = parsePhoneNumberFromString(e164);
    if (parsed?.isValid() && parsed.country === "US") numbers.push(e164);
  }
  return numbers;
}

export function toAvailableNumberResource(e164: string, kind: "local" | "tollFree") {
  const place = kind === "tollFree" ? { locality: null, region: null } : placeOf(e164);
  return {
    friendly_name: formatUsNumber(e164),
    phone_number: e164,
    lata: null,
    rate_center: null,
    latitude: null,
    longitude: null,
    locality: place.locality,
    region: place.region,
    postal_code: null,
    iso_country: "US",
    address_requirements: "none",
    beta: false,
    capabilities: { SMS: true, MMS: true, voice: true },
  };
}
