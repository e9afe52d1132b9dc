import Papa from "papaparse";
import {
  IMPORT_EMPTY_FILE,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_TOO_LARGE,
  IMPORT_WRONG_TYPE,
} from "../../../../domain/imports.schemas";
import { i18n, translateMessage } from "../../../i18n";

export type FileKind = "csv" | "xlsx";

/** What the file picker and the drop zone accept. */
export const ACCEPT = {
  "text/csv": [".csv"],
  "text/plain": [".txt"],
  "application/vnd.ms-excel": [".csv"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
};

/** The kind of a chosen file, or the message (in the active language) that says why it cannot be imported. */
export function checkFile(
  file: File,
): { ok: true; kind: FileKind } | { ok: false; message: string } {
  const name = file.name.toLowerCase();
  const kind: FileKind | null = /\.(csv|txt)$/.test(name)
    ? "csv"
    : name.endsWith(".xlsx")
      ? "xlsx"
      : null;
  if (!kind) {
    const old = name.endsWith(".xls")
      ? ` ${i18n.t("(.xls is the old Excel format: save it as .xlsx.)")}`
      : "";
    return { ok: false, message: `${translateMessage(IMPORT_WRONG_TYPE)}${old}` };
  }
  if (file.size === 0) return { ok: false, message: translateMessage(IMPORT_EMPTY_FILE) };
  if (file.size > IMPORT_MAX_FILE_BYTES)
    return { ok: false, message: translateMessage(IMPORT_TOO_LARGE) };
  return { ok: true, kind };
}

/**
 * The first rows of a CSV, read in the browser (papaparse reads only the start of the file), so
 * the preview shows at once, while the upload is still under way. Blank lines are skipped, as
 * the import does.
 */
export function readCsvPreview(file: File, rows = 6): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      preview: rows + 4,
      skipEmptyLines: "greedy",
      complete: (result) => {
        const data = result.data
          .filter((r) => r.some((c) => String(c).trim() !== ""))
          .slice(0, rows)
          .map((r) => r.map((c) => String(c).slice(0, 200)));
        resolve(data);
      },
      error: (err) => reject(err),
    });
  });
}

/** '1.2 MB' */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
