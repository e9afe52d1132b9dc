import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { WorkbookReader } from "@cj-tech-master/excelts";
import { stringify } from "csv-stringify";
import { AppError } from "../../../domain/errors";
import { IMPORT_MAX_FILE_BYTES } from "../../../domain/imports.schemas";

export const NOT_A_WORKBOOK =
  "This file could not be read as an Excel workbook. Save it again as .xlsx or CSV and retry.";

/** Excel shows at most 15 significant digits; beyond them a double only adds noise (0.1+0.2). */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return "";
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? String(n) : BigInt(n).toString();
  return String(Number(n.toPrecision(15)));
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A date cell as text: YYYY-MM-DD (read the same whatever date format the import is told), with
 * the time only when there is one. The reader gives dates as UTC instants of the sheet's wall time.
 */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return "";
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const h = d.getUTCHours();
  const m = d.getUTCMinutes();
  return h === 0 && m === 0 && d.getUTCSeconds() === 0 ? day : `${day} ${pad(h)}:${pad(m)}`;
}

/** One cell as the plain text a person typed or sees: no 1.555e9, no [object Object]. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return dateText(value);
  if (typeof value === "object") {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return (v.richText as { text?: string }[]).map((r) => r.text ?? "").join("");
    if ("result" in v) return cellText(v.result); // a formula: its last computed value
    if ("formula" in v || "sharedFormula" in v) return "";
    if ("text" in v) return cellText(v.text); // a hyperlink
    if ("error" in v) return "";
  }
  return String(value);
}

/**
 * Converts the first worksheet of an .xlsx file to CSV, streaming (a large workbook is never held
 * whole), so the import job reads every upload the same way. Empty rows are left out; short rows
 * keep their place with empty cells. Returns the number of rows written.
 */
export async function xlsxToCsv(xlsxPath: string, csvPath: string): Promise<number> {
  const input = createReadStream(xlsxPath);
  const out = createWriteStream(csvPath);
  const csv = stringify();
  csv.pipe(out);
  let rows = 0;
  try {
    const reader = new WorkbookReader(input, {
      sharedStrings: "cache",
      // Styles tell a date from a number (a date is a number with a date format).
      styles: "cache",
      hyperlinks: "ignore",
      worksheets: "emit",
      entries: "ignore",
      // Excel stores the worksheets before the shared strings, so they wait in temporary files
      // until the strings are read. The reader's default (256 MB of sheet XML) is less than an
      // upload within the size limit holds; ten times the limit still refuses a zip bomb.
      maxBufferedWorksheetBytes: 10 * IMPORT_MAX_FILE_BYTES,
    });
    let first = true;
    for await (const sheet of reader) {
      // Only the first worksheet is imported; the others are read through unused, which lets the
      // reader delete the temporary copies it made of them (leaving the loop early keeps them).
      if (!first) {
        for await (const _row of sheet);
        continue;
      }
      first = false;
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        // row.values is 1-based and sparse: holes are empty cells.
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        while (cells.length && cells.at(-1) === "") cells.pop();
        if (cells.length === 0) continue;
        if (!csv.write(cells)) await once(csv, "drain");
        rows++;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("BAD_REQUEST", NOT_A_WORKBOOK);
  } finally {
    input.destroy();
    csv.end();
    await once(out, "close").catch(() => {});
  }
  return rows;
}
