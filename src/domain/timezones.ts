/** Account time zones: the id is what accounts store; offsets are derived, never stored. */
export interface Timezone {
  id: number;
  code: string;
  name: string;
  iana: string;
}

export const TIMEZONES: readonly Timezone[] = [
  { id: 1, code: "ET", name: "Eastern Time", iana: "America/New_York" },
  { id: 2, code: "CT", name: "Central Time", iana: "America/Chicago" },
  { id: 3, code: "MT", name: "Mountain Time", iana: "America/Denver" },
  { id: 4, code: "AZ", name: "Arizona", iana: "America/Phoenix" },
  { id: 5, code: "PT", name: "Pacific Time", iana: "America/Los_Angeles" },
  { id: 6, code: "AKT", name: "Alaska Time", iana: "America/Anchorage" },
  { id: 7, code: "HT", name: "Hawaii Time", iana: "Pacific/Honolulu" },
  { id: 8, code: "AT", name: "Atlantic Time", iana: "America/Halifax" },
  { id: 9, code: "NT", name: "Newfoundland Time", iana: "America/St_Johns" },
  { id: 10, code: "UTC", name: "Coordinated Universal Time", iana: "UTC" },
];

export const DEFAULT_TIMEZONE_ID = 1;
/** The spec's server time zone: dates the spec calls "server time" are shown in it. */
export const SERVER_TIMEZONE = "America/Chicago";

export function timezoneById(id: number): Timezone {
  return TIMEZONES.find((tz) => tz.id === id) ?? (TIMEZONES[0] as Timezone);
}

/** UTC offset of a zone at an instant, as "-05:00" (DST-aware). */
export function utcOffset(iana: string, at: Date): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone: iana, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  if (!part || part === "GMT") return "+00:00";
  return part.replace("GMT", "");
}
