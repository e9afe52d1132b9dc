import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { CSV_BOM, type CsvValue, csvLine, csvTime, zonedHeader } from "../../../domain/csv";

/**
 * What an export kind writes its rows to: the one CSV writer of every file Parley hands out. It
 * starts the file with the UTF-8 BOM, defuses formulas (csvLine) and writes times in the
 * account's zone, which the time columns' headers name (`at("Opted Out At")`).
 */
export interface CsvOut {
  /** The account's zone (IANA). */
  readonly zone: string;
  /** A time column's header: "Opted Out At (America/Los_Angeles)". */
  at(label: string): string;
  /** A time in the account's zone, "2026-05-31 14:05:09"; empty for none. */
  time(value: Date | string | null | undefined): string;
  row(cells: readonly CsvValue[]): Promise<void>;
  /** The rows written so far, of `total` when the kind knows it (Export History shows it). */
  progress(rows: number, total?: number): Promise<void>;
}

function outOf(
  zone: string,
  write: (text: string) => Promise<void> | void,
  progress: CsvOut["progress"],
): CsvOut {
  return {
    zone,
    at: (label) => zonedHeader(label, zone),
    time: (value) => csvTime(value, zone),
    row: async (cells) => {
      await write(csvLine(cells));
    },
    progress,
  };
}

/** Writes a CSV file at `filePath` through `fill`; answers what `fill` answers (its row count). */
export async function writeCsvFile(
  filePath: string,
  zone: string,
  progress: CsvOut["progress"],
  fill: (out: CsvOut) => Promise<number>,
): Promise<number> {
  const file = createWriteStream(filePath);
  const write = async (text: string) => {
    if (!file.write(text)) await once(file, "drain");
  };
  try {
    await write(CSV_BOM);
    const n = await fill(outOf(zone, write, progress));
    file.end();
    await once(file, "finish");
    return n;
  } catch (err) {
    file.destroy();
    throw err;
  }
}

/** The same CSV as one text, for an API answer that is the file itself (small by its limits). */
export async function csvText(zone: string, fill: (out: CsvOut) => Promise<unknown>) {
  let text = CSV_BOM;
  await fill(
    outOf(
      zone,
      (chunk) => {
        text += chunk;
      },
      async () => {},
    ),
  );
  return text;
}
