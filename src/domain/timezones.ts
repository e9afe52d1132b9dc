import TABLE from "./timezones.json";

/**
 * Account time zones: the id is what accounts store; offsets are derived, never stored. The table
 * (timezones.json, `npm run gen:timezones`) holds every zone Intl knows and only ever grows; ids
 * 1–10 are the zones accounts had first, with the spec's codes and names.
 */
export interface Timezone {
  id: number;
  /** The spec's short code for the first ten ("ET"); the IANA name for the others. */
  code: string;
  /** "Eastern Time", "Central European Time". */
  name: string;
  iana: string;
  /** "Paris", "Knox, Indiana"; empty for UTC. */
  city: string;
  region: TimezoneRegion;
}

/** Regions in the order pickers list them: the zones accounts had first lead. */
export const TIMEZONE_REGIONS = [
  "US & Canada",
  "UTC",
  "Americas",
  "Europe",
  "Africa",
  "Asia",
  "Australia",
  "Pacific",
  "Atlantic",
  "Indian Ocean",
  "Antarctica",
  "Arctic",
] as const;
export type TimezoneRegion = (typeof TIMEZONE_REGIONS)[number];

const AREA_REGION: Record<string, TimezoneRegion> = {
  America: "Americas",
  Europe: "Europe",
  Africa: "Africa",
  Asia: "Asia",
  Australia: "Australia",
  Pacific: "Pacific",
  Atlantic: "Atlantic",
  Indian: "Indian Ocean",
  Antarctica: "Antarctica",
  Arctic: "Arctic",
};

/** "America/Indiana/Knox" → "Knox, Indiana"; "America/St_Johns" → "St. John's". */
function cityOf(iana: string): string {
  const parts = iana.split("/").map((p) => p.replaceAll("_", " ").replace(/^St /, "St. "));
  if (parts.length < 2) return "";
  const city = (parts.at(-1) as string).replace(/ Johns$/, " John's");
  return parts.length > 2 ? `${city}, ${parts[1]}` : city;
}

function regionOf(id: number, iana: string): TimezoneRegion {
  if (iana === "UTC") return "UTC";
  if (id <= 9) return "US & Canada";
  return AREA_REGION[iana.split("/")[0] as string] ?? "UTC";
}

export const TIMEZONES: readonly Timezone[] = TABLE.zones.map((z) => ({
  id: z.id,
  code: "code" in z && z.code ? z.code : z.iana,
  name: z.name,
  iana: z.iana,
  city: cityOf(z.iana),
  region: regionOf(z.id, z.iana),
}));

const BY_ID = new Map(TIMEZONES.map((tz) => [tz.id, tz]));
const BY_IANA = new Map(TIMEZONES.map((tz) => [tz.iana.toLowerCase(), tz]));
const ALIASES: Record<string, string> = TABLE.aliases;
for (const [older, iana] of Object.entries(ALIASES)) {
  const tz = BY_IANA.get(iana.toLowerCase());
  if (tz) BY_IANA.set(older.toLowerCase(), tz);
}

export const DEFAULT_TIMEZONE_ID = 1;
/** The spec's server time zone: dates the spec calls "server time" are shown in it. */
export const SERVER_TIMEZONE = "America/Chicago";

export function isTimezoneId(id: number): boolean {
  return BY_ID.has(id);
}

export function timezoneById(id: number): Timezone {
  return BY_ID.get(id) ?? (BY_ID.get(DEFAULT_TIMEZONE_ID) as Timezone);
}

/** The zone of an IANA name, also under an older name ("Asia/Calcutta"); none if not in the table. */
export function timezoneByIana(iana: string): Timezone | undefined {
  return BY_IANA.get(iana.toLowerCase());
}

const OFFSET_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** UTC offset of a zone at an instant, as "-05:00" (DST-aware). */
export function utcOffset(iana: string, at: Date): string {
  // Making a formatter costs far more than using one, and lists ask for some 420 zones at once.
  let format = OFFSET_FORMATS.get(iana);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: iana, timeZoneName: "longOffset" });
    OFFSET_FORMATS.set(iana, format);
  }
  const part = format.formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
  if (!part || part === "GMT") return "+00:00";
  return part.replace("GMT", "");
}

/** "+05:30" → 330. */
function offsetMinutes(offset: string): number {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!m) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * "Central European Time — Paris": the zone where its name alone is shared by many. `translate`
 * gives the name in the reader's language where a catalog has it (the screens pass `t`).
 */
export function timezonePlace(
  tz: Timezone,
  translate: (text: string) => string = (x) => x,
): string {
  const name = translate(tz.name);
  return tz.city ? `${name} — ${tz.city}` : name;
}

/** "(UTC+01:00) Central European Time — Paris", with the offset the zone has at `at`. */
export function timezoneLabel(
  tz: Timezone,
  at: Date,
  translate?: (text: string) => string,
): string {
  return `(UTC${utcOffset(tz.iana, at)}) ${timezonePlace(tz, translate)}`;
}

export interface TimezoneGroup {
  group: TimezoneRegion;
  zones: Timezone[];
}

/** Every zone by region (in TIMEZONE_REGIONS order), west to east within one, then by city. */
export function timezoneGroups(at: Date): TimezoneGroup[] {
  const offset = new Map(TIMEZONES.map((tz) => [tz.id, offsetMinutes(utcOffset(tz.iana, at))]));
  return TIMEZONE_REGIONS.map((group) => ({
    group,
    zones: TIMEZONES.filter((tz) => tz.region === group).sort((a, b) =>
      group === "US & Canada"
        ? a.id - b.id
        : (offset.get(a.id) as number) - (offset.get(b.id) as number) ||
          a.city.localeCompare(b.city),
    ),
  })).filter((g) => g.zones.length > 0);
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** An offset as people type it: "+1", "UTC-5", "gmt+05:30", "+0530" → minutes. */
function typedOffset(word: string): number | undefined {
  const m = /^(?:utc|gmt)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(word);
  if (!m) return undefined;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

const OLDER_NAMES = new Map<string, string[]>();
for (const [older, iana] of Object.entries(ALIASES))
  OLDER_NAMES.set(iana, [...(OLDER_NAMES.get(iana) ?? []), older]);

/**
 * A search over the zones: a zone answers when every word is in its name, city, IANA name or code,
 * or is its offset at `at` ("+1" finds UTC+01:00, not UTC+10:00). "UTC" and "GMT" alone, the start
 * of an offset being typed, hold back nothing.
 */
export function timezoneSearch(at: Date): (tz: Timezone, search: string) => boolean {
  const zones = new Map(
    TIMEZONES.map((tz) => [
      tz.id,
      {
        text: fold(
          [
            tz.name,
            tz.city,
            tz.iana.replaceAll("_", " "),
            tz.code,
            ...(OLDER_NAMES.get(tz.iana) ?? []),
          ].join(" "),
        ),
        offset: offsetMinutes(utcOffset(tz.iana, at)),
      },
    ]),
  );
  return (tz, search) => {
    const zone = zones.get(tz.id);
    if (!zone) return false;
    const words = fold(search).replaceAll("−", "-").split(/\s+/).filter(Boolean);
    return words.every((w) => {
      if (/^(?:utc|gmt)?[+-]?$/.test(w)) return true;
      const typed = typedOffset(w);
      return typed === undefined ? zone.text.includes(w) : typed === zone.offset;
    });
  };
}
