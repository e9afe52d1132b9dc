import { type CustomFieldType, normalizeAttribute } from "./custom-fields.schemas";
import type { ImportDateFormat } from "./imports.schemas";
import { acceptSubscriberPhone, INVALID_EMAIL } from "./subscribers.schemas";

export interface ImportField {
  id: number;
  name: string;
  type: CustomFieldType;
  options: string[];
}

export interface ImportedSubscriber {
  phone: string;
  countryId: number;
  firstName?: string;
  lastName?: string;
  email?: string;
  attributes: Record<string, unknown>;
}

export type RowResult =
  | { ok: true; subscriber: ImportedSubscriber }
  | { ok: false; reason: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SLASHED_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})$/;

/**
 * A day-first date (14/5/1985, 14.05.1985) rewritten month first, the way the date parser reads
 * slashed dates; anything else (YYYY-MM-DD, text) is left for the parser to judge.
 */
export function dayFirstToMonthFirst(cell: string): string {
  const m = SLASHED_DATE.exec(cell);
  return m ? `${m[3]}/${m[1]}/${m[4]}` : cell;
}

/**
 * One CSV row through the column mapping: the phone must be a US/Canada mobile, the e-mail valid,
 * each attribute valid for its field. The reason is what the failed-rows file shows.
 */
export function readImportRow(
  cells: string[],
  mapping: string[],
  fields: Map<number, ImportField>,
  opts: { dateFormat?: ImportDateFormat } = {},
): RowResult {
  const out: ImportedSubscriber = { phone: "", countryId: 0, attributes: {} };
  for (const [i, target] of mapping.entries()) {
    if (!target) continue;
    const cell = (cells[i] ?? "").trim();
    if (target === "number") {
      if (!cell) return { ok: false, reason: "Phone number is required" };
      const accepted = acceptSubscriberPhone(cell);
      if (!accepted) return { ok: false, reason: "Not a valid US or Canada mobile number" };
      out.phone = accepted.phone;
      out.countryId = accepted.countryId;
    } else if (target === "email") {
      if (cell && (cell.length > 254 || !EMAIL.test(cell)))
        return { ok: false, reason: INVALID_EMAIL };
      out.email = cell;
    } else if (target === "firstName" || target === "lastName") {
      out[target] = cell.slice(0, 100);
    } else {
      const field = fields.get(Number(target.slice("attribute:".length)));
      if (!field || !cell) continue;
      const dayFirst = field.type === "date" && opts.dateFormat === "DMY";
      const r = normalizeAttribute(field, dayFirst ? dayFirstToMonthFirst(cell) : cell);
      if (!r.ok) return { ok: false, reason: r.message };
      if (r.value !== undefined) out.attributes[String(field.id)] = r.value;
    }
  }
  if (!out.phone) return { ok: false, reason: "Phone number is required" };
  return { ok: true, subscriber: out };
}
