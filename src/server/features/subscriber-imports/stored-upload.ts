import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "../../../domain/errors";
import { IMPORT_EMPTY_FILE, IMPORT_TOO_LARGE } from "../../../domain/imports.schemas";
import { assertFileContentIs, assertFileIsText } from "../../http/upload-content";
import { readPreview } from "./import-preview";
import { xlsxToCsv } from "./xlsx-to-csv";

export type UploadKind = "csv" | "xlsx";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * What an upload is, by its name first (browsers send CSV as text/csv, application/vnd.ms-excel
 * or nothing at all), then by its type; null for anything else (.xls, .numbers, a PDF).
 */
export function uploadKind(fileName: string, mimetype: string): UploadKind | null {
  // A .txt file is how some systems save comma-separated text.
  if (/\.(csv|txt)$/i.test(fileName)) return "csv";
  if (/\.xlsx$/i.test(fileName)) return "xlsx";
  if (/\.[a-z0-9]{1,8}$/i.test(fileName)) return null;
  if (mimetype === XLSX_TYPE) return "xlsx";
  if (/^text\/(csv|plain)\b/.test(mimetype)) return "csv";
  return null;
}

/**
 * Streams an upload to disk (never held whole) and leaves a CSV at the returned path: a workbook
 * is converted (its first worksheet), so the import job reads every file the same way. A file
 * over the size limit, with no rows, or unreadable is refused here and nothing is kept.
 */
export async function storeUpload(
  dir: string,
  file: Readable,
  kind: UploadKind,
  now: Date,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const base = path.join(dir, `${now.getTime()}-${Math.random().toString(36).slice(2)}`);
  const csvPath = `${base}.csv`;
  const received = kind === "csv" ? csvPath : `${base}.xlsx`;
  const cleanUp = () =>
    Promise.all([rm(received, { force: true }), rm(csvPath, { force: true })]).catch(() => {});
  try {
    try {
      await pipeline(file, createWriteStream(received));
    } catch (err) {
      // @fastify/multipart ends an oversized file with a 413 error of its own.
      const code = (err as { code?: string }).code ?? "";
      if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("BAD_REQUEST", IMPORT_TOO_LARGE);
      // Our own disk (ENOSPC, EACCES) is a server fault; a broken request body is the client's.
      if (/^E[A-Z]+$/.test(code)) throw err;
      throw new AppError("BAD_REQUEST", "The file did not arrive whole. Please upload it again.");
    }
    if ((file as { truncated?: boolean }).truncated)
      throw new AppError("BAD_REQUEST", IMPORT_TOO_LARGE);
    // The name is only a claim: a workbook must be a ZIP, a CSV must be text.
    if (kind === "xlsx") await assertFileContentIs("xlsx", received);
    else await assertFileIsText(received);
    if (kind === "xlsx") {
      await xlsxToCsv(received, csvPath);
      await rm(received, { force: true });
    }
    if ((await readPreview(csvPath)).length === 0)
      throw new AppError("BAD_REQUEST", IMPORT_EMPTY_FILE);
    return csvPath;
  } catch (err) {
    await cleanUp();
    throw err;
  }
}
