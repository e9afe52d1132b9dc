import { createReadStream } from "node:fs";
import { open, rm, stat, truncate } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse";
import { csvLines } from "../../../domain/csv";
import { type ImportedSubscriber, readImportRow } from "../../../domain/import-row";
import type { StartImportRequest } from "../../../domain/imports.schemas";
import { systemActor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import { copyToLocal, keyOf } from "../../storage/storage";
import { fieldsById } from "../custom-fields/field-definitions";
import { notify } from "../notifications/notifications.service";
import { importBatch } from "../subscribers/subscribers.service";
import * as q from "./imports.queries";

/** Data rows per batch. Fixed, because batch numbers are resume points. */
export const IMPORT_BATCH_ROWS = 2000;
/**
 * Batches written together, in one transaction: one COPY and one statement per step for all their
 * rows, so PostgreSQL's work per statement (and each trigger's per statement) is shared by 20,000
 * rows. Their numbers commit together, so a resumed import skips all or none of them (an import
 * begun with fewer a write resumes just as well: only the batches not committed are written).
 */
const BATCHES_PER_WRITE = 10;
/** Writes at once: PostgreSQL merges one while the next is parsed, checked and copied. */
const IN_FLIGHT = 2;
const DEADLOCK = "40P01";
const SERIALIZATION = "40001";

interface Batch {
  index: number;
  /** Data rows in the batch (imported and failed). */
  rows: number;
  subscribers: ImportedSubscriber[];
  /** Refused rows: the original cells plus the reason, for the failed-rows file. */
  failedLines: string[][];
}

/** Consecutive batches written in one transaction. */
interface Write {
  batches: Batch[];
  /** Resolves once the write's transaction committed (or its batches had been committed before). */
  written: Promise<void>;
}

export interface RunImportOptions {
  batchRows?: number;
  /** Batches a transaction (BATCHES_PER_WRITE). */
  batchesPerWrite?: number;
  /** Test hook: runs after each checkpoint; a promise that never settles stands for a dead worker. */
  afterCheckpoint?: (batchIndex: number) => Promise<void>;
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
 * The folder of this machine where an import kept in a bucket is worked on: one per stored file
 * (its key is unique), so a job resumed on this machine finds its failed-rows file again.
 */
export function importWorkDir(ctx: AppContext, ref: string): string {
  const key = keyOf(ctx.config.DATA_DIR, ref) ?? ref;
  return path.join(os.tmpdir(), "parley-imports", key.replaceAll("/", "_"));
}

/**
 * The files the job works on: the stored CSV itself and the failed-rows file beside it where the
 * store is this machine's disk; else a copy of the CSV in a folder of this machine, the
 * failed-rows file beside it, moved into the store when the job ends (`keep`).
 */
async function workFiles(ctx: AppContext, ref: string) {
  const failedRef = ref.replace(/\.csv$/, "-failed.csv");
  const local = ctx.storage.localFile(ref);
  if (local) {
    return {
      csv: local,
      failed: local.replace(/\.csv$/, "-failed.csv"),
      keep: async () => failedRef,
      cleanUp: async () => {},
    };
  }
  const dir = importWorkDir(ctx, ref);
  const csv = path.join(dir, "import.csv");
  const have = await stat(csv).then(
    () => true,
    () => false,
  );
  if (!have && !(await copyToLocal(ctx.storage, ref, csv)))
    throw new Error("the uploaded file is no longer kept");
  const failed = path.join(dir, "import-failed.csv");
  return {
    csv,
    failed,
    keep: async () => {
      const key = keyOf(ctx.config.DATA_DIR, failedRef)!;
      await ctx.storage.putFile(key, failed, "text/csv; charset=utf-8");
      return key;
    },
    cleanUp: () => rm(dir, { recursive: true, force: true }),
  };
}

async function sizeOf(file: string): Promise<number> {
  return stat(file).then(
    (s) => s.size,
    () => 0,
  );
}

function isRetryable(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } })?.code;
  const causeCode = (err as { cause?: { code?: string } })?.cause?.code;
  return [code, causeCode].some((c) => c === DEADLOCK || c === SERIALIZATION);
}

/**
 * The import job: streams the CSV, reads each row through the mapping and writes batches of
 * rows, several batches a transaction and two such writes at a time. Each write's rows, counts
 * and batch numbers commit in one transaction; writes are then checkpointed in file order
 * together with the failed-rows file's length.
 * Run again after the worker died (pg-boss retries an expired job), it truncates the failed-rows
 * file to the checkpoint, skips the committed batches and finishes the rest: no row is lost,
 * none is written twice, and the counts stay exact. Resumed on another machine (the files in a
 * bucket), the failed-rows file of the committed batches is not there: their rows are read
 * again to write it anew.
 */
export async function runImport(ctx: AppContext, importId: number, opts: RunImportOptions = {}) {
  const batchRows = opts.batchRows ?? IMPORT_BATCH_ROWS;
  const row = await q.findImportForJob(ctx.db, importId);
  if (!row) return;
  const resuming = row.status === "running";
  if (!resuming && !(await q.transition(ctx.db, importId, "queued", { status: "running" }))) {
    return;
  }
  const options = row.options as StartImportRequest;
  const auth = systemActor("import", row.accountId, { userId: row.userId });
  const job = { accountId: row.accountId, userId: row.userId, importId, fileName: row.fileName };
  const committed = new Set(resuming ? row.committedBatches : []);
  let checkpointRows = resuming ? row.checkpointRows : 0;
  let files: Awaited<ReturnType<typeof workFiles>>;
  try {
    files = await workFiles(ctx, row.filePath);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await q.transition(ctx.db, importId, "running", {
      status: "failed",
      error: `The file could not be read: ${message}`.slice(0, 500),
      finishedAt: ctx.clock.now(),
    });
    return;
  }
  const failedPath = files.failed;
  // The checkpointed batches' failed lines are missing (another machine wrote them): rewritten.
  const rebuild = resuming && (await sizeOf(failedPath)) < row.checkpointBytes;

  // The failed-rows file holds exactly the lines of the checkpointed batches.
  const continuing = resuming && !rebuild;
  const failedFile = await open(failedPath, continuing ? "a+" : "w");
  let failedBytes = continuing ? row.checkpointBytes : 0;
  if (continuing) await truncate(failedPath, failedBytes);
  const appendFailed = async (lines: string[][]) => {
    if (lines.length === 0) return;
    // Through the one CSV writer: a rejected row must not run as a formula either.
    const text = Buffer.from(csvLines(lines));
    await failedFile.write(text, 0, text.length, failedBytes);
    failedBytes += text.length;
  };

  try {
    if (!resuming) {
      const lines = await countLines(files.csv);
      await q.setTotal(ctx.db, importId, Math.max(0, lines - (options.hasHeader ? 1 : 0)));
    }
    const fields = await fieldsById(ctx, auth);
    const parser = createReadStream(files.csv).pipe(
      parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: false }),
    );

    const write = async (batches: Batch[]) => {
      const todo = batches.filter((b) => !committed.has(b.index));
      if (todo.length === 0) return;
      const sum = (f: (b: Batch) => number) => todo.reduce((n, b) => n + f(b), 0);
      for (let attempt = 1; ; attempt++) {
        try {
          await importBatch(
            ctx,
            job,
            todo.flatMap((b) => b.subscribers),
            options,
            (tx, counts) =>
              q.recordBatches(
                tx,
                importId,
                todo.map((b) => b.index),
                {
                  processed: sum((b) => b.rows),
                  failed: sum((b) => b.failedLines.length),
                  ...counts,
                },
              ),
          );
          return;
        } catch (err) {
          // Two writes sharing a number may still collide; PostgreSQL aborts one, we redo it.
          if (attempt >= 5 || !isRetryable(err)) throw err;
        }
      }
    };
    const inFlight: Write[] = [];
    /** Waits for the oldest write, then checkpoints it: failed lines first, then the row count. */
    const settleOldest = async () => {
      const { batches, written } = inFlight.shift()!;
      await written;
      await appendFailed(batches.flatMap((b) => b.failedLines));
      await failedFile.sync();
      const last = batches.at(-1)!;
      checkpointRows = last.index * batchRows + last.rows;
      await q.checkpoint(ctx.db, importId, checkpointRows, failedBytes);
      await opts.afterCheckpoint?.(last.index);
    };
    let pending: Batch[] = [];
    const send = async () => {
      if (pending.length === 0) return;
      const batches = pending;
      pending = [];
      const written = write(batches);
      // A failure surfaces when its write is settled; until then it must not go unhandled.
      written.catch(() => {});
      inFlight.push({ batches, written });
      if (inFlight.length >= IN_FLIGHT) await settleOldest();
    };
    const submit = async (batch: Batch) => {
      pending.push(batch);
      if (pending.length >= (opts.batchesPerWrite ?? BATCHES_PER_WRITE)) await send();
    };

    let headerSeen = !options.hasHeader;
    let dataRow = 0;
    let current: Batch = { index: 0, rows: 0, subscribers: [], failedLines: [] };
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (!headerSeen) {
        headerSeen = true;
        // The failed-rows file starts with the file's own header (again, if cut off by a crash).
        if (failedBytes === 0) await appendFailed([[...cells, "reason"]]);
        continue;
      }
      const index = Math.floor(dataRow / batchRows);
      dataRow++;
      if (index !== current.index) {
        if (current.rows > 0 && current.index * batchRows >= checkpointRows) await submit(current);
        current = { index, rows: 0, subscribers: [], failedLines: [] };
      }
      current.rows++;
      // Rows before the checkpoint are done and written out: nothing to read them for, unless
      // their failed lines are to be written again.
      if (index * batchRows < checkpointRows) {
        if (!rebuild) continue;
        const r = readImportRow(cells, options.mapping, fields, options);
        if (!r.ok) await appendFailed([[...cells, r.reason]]);
        continue;
      }
      const r = readImportRow(cells, options.mapping, fields, options);
      if (r.ok) current.subscribers.push(r.subscriber);
      else current.failedLines.push([...cells, r.reason]);
    }
    if (current.rows > 0 && current.index * batchRows >= checkpointRows) await submit(current);
    await send();
    while (inFlight.length > 0) await settleOldest();
    await failedFile.close();

    const done = await q.findImportForJob(ctx.db, importId);
    const anyFailed = (done?.failed ?? 0) > 0;
    if (!anyFailed) await rm(failedPath, { force: true });
    const errorFilePath = anyFailed ? await files.keep() : null;
    await files.cleanUp();
    await q.transition(ctx.db, importId, "running", {
      status: "finished",
      totalRows: done?.processedRows ?? 0,
      errorFilePath,
      finishedAt: ctx.clock.now(),
    });
    if (done) await notifyImportDone(ctx, done);
  } catch (err) {
    await failedFile.close().catch(() => {});
    const message = err instanceof Error ? err.message : String(err);
    const hasFailedLines = (await sizeOf(failedPath)) > 0;
    const errorFilePath = hasFailedLines ? await files.keep().catch(() => null) : null;
    await files.cleanUp().catch(() => {});
    await q.transition(ctx.db, importId, "running", {
      status: "failed",
      error: `The file could not be read: ${message}`.slice(0, 500),
      errorFilePath,
      finishedAt: ctx.clock.now(),
    });
  }
}

/** The notification centre's 'import done' for whoever started the import (or everyone). */
async function notifyImportDone(
  ctx: AppContext,
  row: { accountId: number; userId: number | null; added: number; updated: number; failed: number },
) {
  await notify(
    ctx.db.$client,
    {
      accountId: row.accountId,
      userId: row.userId ?? undefined,
      kind: "import_done",
      title: "Your subscriber import has finished",
      body: `${row.added} added, ${row.updated} updated, ${row.failed} failed.`,
      link: "/subscribers/import/history",
    },
    ctx,
  );
}
