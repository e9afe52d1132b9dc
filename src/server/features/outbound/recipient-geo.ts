import { stateOfPlace } from "../../../domain/us-states";
import AREA_CODES from "./area-codes.json";

/**
 * Where a North American number's area code is: its US state (for the state's texting laws) and
 * its time zone (for quiet hours in the recipient's own time). The table is generated from
 * libphonenumber's geocoding and time-zone data, which know area codes opened in recent years
 * (`npm run gen:area-codes`, scripts/gen-area-codes.mjs), and read synchronously by the fan-out,
 * the dispatcher and the automations.
 */
export interface AreaInfo {
  /** Two-letter US postal code, or null outside the US (Canada, the Caribbean). */
  state: string | null;
  /** IANA zone, or null when the area code spans zones we cannot tell apart. */
  timeZone: string | null;
}

const areas: ReadonlyMap<string, AreaInfo> = new Map(Object.entries(AREA_CODES.areas));

/** The area of a +1 number, when the table knows it. */
export function areaOf(phone: string): AreaInfo | undefined {
  if (!phone.startsWith("+1") || phone.length !== 12) return undefined;
  return areas.get(phone.slice(2, 5));
}

/** Every known area code with its area (for the fan-out's one SQL statement). */
export function knownAreas(): ReadonlyMap<string, AreaInfo> {
  return areas;
}

/**
 * The recipient's US state for the texting laws: the state of their address where the account
 * keeps one (people keep their number when they move), else their area code's. The one rule of
 * the dispatcher and of the composer's preview.
 */
export function recipientState(
  phone: string,
  addressState: string | null | undefined,
): string | null {
  const place = addressState?.trim();
  const fromAddress = place ? (stateOfPlace(place) ?? stateOfPlace(place.toUpperCase())) : null;
  return fromAddress ?? areaOf(phone)?.state ?? null;
}
