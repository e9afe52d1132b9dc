import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse";
import { stringify } from "csv-stringify";
import { AppError } from "../../../domain/errors";
import { type ImportedSubscriber, readImportRow } from "../../../domain/import-row";
import type { StartImportRequest } from "../../../domain/imports.schemas";
import type { AppContext, AuthContext } from "../../http/context";
import { enqueue } from "../../jobs/queue";
import { fieldsById } from "../custom-fields/custom-fields.service";
import { staticGroupOf } from "../groups/groups.service";
import { importBatch } from "../subscribers/subscribers.service";
import { toSubscriberImport } from "./imports.presenter";
import * as q from "./imports.queries";

export const IMPORT_JOB = "subscribers-import";
const BATCH = 2000;
const NOT_FOUND = "That import was not found in this account.";

function importDir(ctx: AppContext, accountId: number) {
  return path.join(ctx.config.DATA_DIR, "imports", String(accountId));
}

/** Saves an uploaded CSV (streamed to disk, never held whole) as an import waiting for its mapping. */
export async function saveUpload(
  ctx: AppContext,
  auth: AuthContext,
  fileName: string,
  file: Readable,
) {
  const dir = importDir(ctx, auth.accountId);
  await mkdir(dir, { recursive: true });
  const stored = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}.csv`);
  await pipeline(file, createWriteStream(stored));
  if ((file as { truncated?: boolean }).truncated) {
    await rm(stored, { force: true });
    throw new AppError("BAD_REQUEST", "The file is too large.");
  }
  const row = await q.insertImport(ctx.db, {
    accountId: auth.accountId,
    userId: auth.userId,
    status: "uploaded",
    fileName: path.basename(fileName).slice(0, 200) || "import.csv",
    filePath: stored,
  });
  return toSubscriberImport(row);
}

export async function startImport(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  options: StartImportRequest,
) {
  const row = await q.findImport(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  for (const groupId of new Set(options.groupIds)) await staticGroupOf(ctx, auth, groupId);
  const fields = await fieldsById(ctx, auth);
  for (const target of options.mapping) {
    if (target.startsWith("attribute:") && !fields.has(Number(target.slice("attribute:".length)))) {
      throw new AppError("NOT_FOUND", "That attribute was not found in this account.");
    }
  }
  if (!(await q.transition(ctx.db, id, "uploaded", { status: "queued", options }))) {
    throw new AppError("CONFLICT", "This import has already started.");
  }
  // Without a job queue in this process (API tests), the caller runs runImport itself.
  await enqueue(IMPORT_JOB, { importId: id });
  return toSubscriberImport((await q.findImport(ctx.db, auth, id))!);
}

export async function getImport(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await q.findImport(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return toSubscriberImport(row);
}

export async function listImports(
  ctx: AppContext,
  auth: AuthContext,
  query: { page: number; pageSize: number },
) {
  const { rows, total } = await q.listImports(ctx.db, auth, query);
  return { total, rows: rows.map(toSubscriberImport) };
}

export async function failedRowsFile(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await q.findImport(ctx.db, auth, id);
  if (!row?.errorFilePath) throw new AppError("NOT_FOUND", NOT_FOUND);
  return { path: row.errorFilePath, name: `${path.parse(row.fileName).name}-failed-rows.csv` };
}

/** Lines in the file, for the progress bar's total (quoted line breaks make it approximate). */
async function countLines(file: string): Promise<number> {
  let n = 0;
  for await (const chunk of createReadStream(file)) {
    for (const byte of chunk as Buffer) if (byte === 10) n++;
  }
  return n + 1;
}

/**
 * The import job: streams the CSV, reads each row through the mapping, writes batches, records
 * progress after each batch, and writes refused rows with their reason to a file of their own.
 */
export async function runImport(ctx: AppContext, importId: number) {
  const row = await q.findImportForJob(ctx.db, importId);
  if (!row || !(await q.transition(ctx.db, importId, "queued", { status: "running" }))) return;
  const options = row.options as StartImportRequest;
  const auth = { accountId: row.accountId } as AuthContext;
  const job = { accountId: row.accountId, userId: row.userId, importId, fileName: row.fileName };
  const failedPath = row.filePath.replace(/\.csv$/, "-failed.csv");
  const failedOut = stringify();
  const failedDone = pipeline(failedOut, createWriteStream(failedPath));
  let failedAny = false;
  try {
    const lines = await countLines(row.filePath);
    await q.setTotal(ctx.db, importId, Math.max(0, lines - (options.hasHeader ? 1 : 0)));
    const fields = await fieldsById(ctx, auth);
    const parser = createReadStream(row.filePath).pipe(
      parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: false }),
    );
    let header: string[] | null = null;
    let batch: ImportedSubscriber[] = [];
    let failed = 0;
    const flush = async () => {
      const counts = batch.length
        ? await importBatch(ctx, job, batch, {
            duplicates: options.duplicates,
            groupIds: options.groupIds,
          })
        : { added: 0, updated: 0, skipped: 0 };
      await q.addProgress(ctx.db, importId, {
        processed: batch.length + failed,
        failed,
        ...counts,
      });
      batch = [];
      failed = 0;
    };
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (options.hasHeader && !header) {
        header = cells;
        failedOut.write([...cells, "reason"]);
        continue;
      }
      const r = readImportRow(cells, options.mapping, fields);
      if (r.ok) batch.push(r.subscriber);
      else {
        failed++;
        failedAny = true;
        failedOut.write([...cells, r.reason]);
      }
      if (batch.length + failed >= BATCH) await flush();
    }
    await flush();
    failedOut.end();
    await failedDone;
    const done = await q.findImportForJob(ctx.db, importId);
    await q.transition(ctx.db, importId, "running", {
      status: "finished",
      totalRows: done?.processedRows ?? 0,
      errorFilePath: failedAny ? failedPath : null,
      finishedAt: new Date(),
    });
  } catch (err) {
    failedOut.end();
    await failedDone.catch(() => {});
    const message = err instanceof Error ? err.message : String(err);
    await q.transition(ctx.db, importId, "running", {
      status: "failed",
      error: `The file could not be read: ${message}`.slice(0, 500),
      errorFilePath: failedAny ? failedPath : null,
      finishedAt: new Date(),
    });
  }
  if (!failedAny) await rm(failedPath, { force: true });
}
