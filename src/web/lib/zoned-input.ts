import { TZDate } from "@date-fns/tz";

/**
 * The one way a date-and-time field (`<input type="datetime-local">`) reads and writes an instant
 * in the account's time zone, not the browser's: a business in New York schedules 9:00 in New
 * York whoever's laptop it is typed on. The field's value is "YYYY-MM-DDTHH:mm".
 */
export function toZonedInput(instant: string | Date | null | undefined, timeZone: string): string {
  if (!instant) return "";
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms)) return "";
  const d = new TZDate(ms, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const FIELD = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The ISO instant of a field's value read in `timeZone`; "" for an empty or malformed value. A
 * wall time skipped by a spring-forward change moves forward by the gap, as clocks do.
 */
export function fromZonedInput(value: string, timeZone: string): string {
  const m = FIELD.exec(value.trim());
  if (!m) return "";
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const at = new TZDate(y!, mo! - 1, d!, h!, mi!, s ?? 0, timeZone);
  return Number.isNaN(at.getTime()) ? "" : new Date(at.getTime()).toISOString();
}

/** The field's description naming the zone its times are read in. */
export function zoneNote(timeZone: string): string {
  return `In your account's time zone (${timeZone}).`;
}
