import { acceptSubscriberPhone } from "../../../../domain/subscribers.schemas";

/** A custom field a column can be imported into. */
export interface MappableField {
  id: number;
  name: string;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

// Header names people use for the built-in fields, normalised (lower case, letters and digits).
const PHONE =
  /^(phone|phones|phonenumber|phoneno|mobile|mobilenumber|mobilephone|mobileno|cell|cellphone|cellnumber|number|tel|telephone|sms|smsnumber|textnumber|contactnumber|msisdn|wireless)$/;
const FIRST = /^(first|firstname|fname|givenname|forename|name)$/;
const LAST = /^(last|lastname|lname|surname|familyname)$/;
const EMAIL = /^(email|emailaddress|mail|emails)$/;
const EMAIL_VALUE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const looksLikePhone = (cell: string) => /\d{3}/.test(cell) && !!acceptSubscriberPhone(cell);

/** The obvious target of one header (or '' to leave the column out). */
function targetOfHeader(header: string, fields: MappableField[]): string {
  const h = norm(header);
  if (!h) return "";
  const field = fields.find((f) => norm(f.name) === h);
  if (field) return `attribute:${field.id}`;
  if (PHONE.test(h)) return "number";
  if (FIRST.test(h)) return "firstName";
  if (LAST.test(h)) return "lastName";
  if (EMAIL.test(h)) return "email";
  if (/phone|mobile|cell/.test(h)) return "number";
  return "";
}

/** Whether most filled cells of a column pass `test`. */
function mostly(values: string[], test: (v: string) => boolean): boolean {
  const filled = values.map((v) => v.trim()).filter(Boolean);
  return filled.length > 0 && filled.filter(test).length / filled.length >= 0.6;
}

/** Whether the first row names the columns: none of its cells is a phone number or an e-mail. */
export function looksLikeHeader(rows: string[][]): boolean {
  const first = rows[0];
  if (!first) return true;
  return !first.some((cell) => looksLikePhone(cell) || EMAIL_VALUE.test(cell.trim()));
}

/**
 * A first guess at the mapping, one target per column: by header name (built-in fields and
 * custom fields of the same name), else by the values (phone numbers, e-mails). Each target is
 * used once; the person corrects the rest.
 */
export function guessMapping(
  rows: string[][],
  hasHeader: boolean,
  fields: MappableField[],
): string[] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const header = hasHeader ? (rows[0] ?? []) : [];
  const data = hasHeader ? rows.slice(1) : rows;
  const used = new Set<string>();
  const out: string[] = [];
  for (let i = 0; i < width; i++) {
    let target = targetOfHeader(header[i] ?? "", fields);
    const values = data.map((r) => r[i] ?? "");
    if (!target && mostly(values, looksLikePhone)) target = "number";
    else if (!target && mostly(values, (v) => EMAIL_VALUE.test(v))) target = "email";
    // A "Name" column is a first name only when no column says first name outright.
    if (
      target === "firstName" &&
      norm(header[i] ?? "") === "name" &&
      header.some((h) => /^(first|firstname|fname)$/.test(norm(h)))
    )
      target = "";
    if (target && used.has(target)) target = "";
    if (target) used.add(target);
    out.push(target);
  }
  return out;
}

/** What keeps a mapping from being started: no phone column, or a target chosen twice. */
export function mappingProblems(mapping: string[]): { needsNumber: boolean; twice: Set<string> } {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const m of mapping) {
    if (!m) continue;
    if (seen.has(m)) twice.add(m);
    seen.add(m);
  }
  return { needsNumber: !seen.has("number"), twice };
}
