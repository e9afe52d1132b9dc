import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import { AppError } from "../../../domain/errors";

/** Rows shown in the browser before mapping (the header and a few examples). */
export const PREVIEW_ROWS = 6;

/**
 * The first rows of a stored CSV, read the way the import job reads it (same parser, same
 * options) so the columns the person maps are the columns the job sees. Stops reading early.
 * Takes the file's path or the stored file opened.
 */
export async function readPreview(
  source: string | Readable,
  limit = PREVIEW_ROWS,
): Promise<string[][]> {
  const input = typeof source === "string" ? createReadStream(source) : source;
  const parser = input.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to_line: 1000,
    }),
  );
  const rows: string[][] = [];
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      // A line of only commas is as empty as a blank line.
      if (cells.every((c) => c.trim() === "")) continue;
      rows.push(cells.map((c) => c.slice(0, 200)));
      if (rows.length >= limit) break;
    }
  } catch (err) {
    // A broken quote or the like: said now, rather than as a failed import later.
    const message = err instanceof Error ? err.message : String(err);
    throw new AppError("BAD_REQUEST", `This file is not valid CSV: ${message}`.slice(0, 300));
  } finally {
    input.destroy();
  }
  return rows;
}
