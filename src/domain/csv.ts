/**
 * The one CSV writer of every file Parley hands out (subscriber exports, report exports, a
 * conversation, an import's failed rows). RFC 4180: a field with a comma, quote or line break is
 * quoted, quotes doubled. A text cell starting with =, +, -, @, a tab or a carriage return gets a
 * leading ' so that a spreadsheet never runs it as a formula; a plain number such as
 * +12125550100 is data, not a formula, and is left alone (so an export imports back as it was).
 * Written by hand: a million lines must not each pay for a CSV library's setup.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+$/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

/** A text cell a spreadsheet would run as a formula, defused with a leading apostrophe. */
export function escapeCsvCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One CSV line, ending in \n. */
export function csvLine(values: readonly CsvValue[]): string {
  let out = "";
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    let text = v === null || v === undefined ? "" : typeof v === "number" ? String(v) : v;
    if (typeof v === "string") text = escapeCsvCell(text);
    if (NEEDS_QUOTES.test(text)) text = `"${text.replaceAll('"', '""')}"`;
    out += i === 0 ? text : `,${text}`;
  }
  return `${out}\n`;
}

/** Several lines at once. */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  let out = "";
  for (const row of rows) out += csvLine(row);
  return out;
}

/** Starts every CSV file: Excel reads the file as UTF-8 (accents, emoji) only after it. */
export const CSV_BOM = "\uFEFF";

/** A time column's header names the account's zone, as "Opted Out At (America/Los_Angeles)". */
export function zonedHeader(label: string, zone: string): string {
  return `${label} (${zone})`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
let lastSecond = { key: "", text: "" };

/** A time in the account's zone, "2026-05-31 14:05:09" (a spreadsheet reads it as a date). */
export function csvTime(at: Date | string | null | undefined, zone: string): string {
  if (at === null || at === undefined || at === "") return "";
  const d = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return "";
  // Rows of one second share the text (a million rows of a run mostly do).
  const key = `${zone} ${Math.floor(d.getTime() / 1000)}`;
  if (key === lastSecond.key) return lastSecond.text;
  let f = zoneFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    zoneFormats.set(zone, f);
  }
  const parts = f.formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  lastSecond = {
    key,
    text: `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}:${get("second")}`,
  };
  return lastSecond.text;
}
