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
