import path from "node:path";
import { Readable } from "node:stream";
import { CSV_BOM } from "../../../domain/csv";
import { AppError } from "../../../domain/errors";
import type { StartImportRequest } from "../../../domain/imports.schemas";
import { assertCan } from "../../../domain/permissions";
import { enqueue } from "../../background/queue";
import type { Actor, AppContext } from "../../http/context";
import { storageKey, withScratchDir } from "../../storage/storage";
import { fieldsById } from "../custom-fields/field-definitions";
import { staticGroupOf } from "../groups/group-definitions";
import { readPreview } from "./import-preview";
import { deleteUnstartedImport } from "./import-uploads.queries";
import { toSubscriberImport } from "./imports.presenter";
import * as q from "./imports.queries";
import { storeUpload, type UploadKind } from "./stored-upload";
import { importQueue } from "./subscribers-import.job";

const NOT_FOUND = "That import was not found in this account.";

/**
 * Saves an uploaded CSV or workbook (streamed to disk, never held whole; a workbook becomes a
 * CSV) as an import waiting for its mapping, kept in the file store as imports/<accountId>/….
 */
export async function saveUpload(
  ctx: AppContext,
  auth: Actor,
  fileName: string,
  file: Readable,
  kind: UploadKind = "csv",
) {
  assertCan(auth, "subscribers:import");
  const stored = await withScratchDir(ctx.storage, async (dir) => {
    const csv = await storeUpload(dir, file, kind, ctx.clock.now());
    const key = storageKey("imports", auth.accountId, path.basename(csv));
    await ctx.storage.putFile(key, csv, "text/csv; charset=utf-8");
    return key;
  });
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
  auth: Actor,
  id: number,
  options: StartImportRequest,
) {
  assertCan(auth, "subscribers:import");
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
  await enqueue(importQueue, { importId: id });
  return toSubscriberImport((await q.findImport(ctx.db, auth, id))!);
}

export async function getImport(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findImport(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return toSubscriberImport(row);
}

export async function listImports(
  ctx: AppContext,
  auth: Actor,
  query: { page: number; pageSize: number },
) {
  const { rows, total } = await q.listImports(ctx.db, auth, query);
  return { total, rows: rows.map(toSubscriberImport) };
}

export async function failedRowsFile(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findImport(ctx.db, auth, id);
  if (!row?.errorFilePath) throw new AppError("NOT_FOUND", NOT_FOUND);
  const file = await ctx.storage.open(row.errorFilePath);
  if (!file) throw new AppError("NOT_FOUND", NOT_FOUND);
  // The stored file has no BOM (its resume checkpoints count its bytes); the download starts
  // with one, as every CSV Parley gives, so Excel reads accents and emoji.
  const bom = Buffer.from(CSV_BOM);
  return {
    stream: Readable.from(withBom(bom, file.stream)),
    size: file.size + bom.length,
    name: `${path.parse(row.fileName).name}-failed-rows.csv`,
  };
}

async function* withBom(bom: Buffer, body: Readable) {
  yield bom;
  yield* body;
}

/** The first rows of the stored file, as the job will read them, for the mapping step. */
export async function previewImport(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findImport(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  const stored = await ctx.storage.open(row.filePath);
  if (!stored)
    throw new AppError("NOT_FOUND", "The uploaded file of this import is no longer kept.");
  return { rows: await readPreview(stored.stream) };
}

/** Forgets an upload that was never started, file and all. */
export async function discardImport(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "subscribers:import");
  const row = await deleteUnstartedImport(ctx.db, auth, id);
  if (!row) {
    if (await q.findImport(ctx.db, auth, id))
      throw new AppError("CONFLICT", "This import has already started.");
    throw new AppError("NOT_FOUND", NOT_FOUND);
  }
  await ctx.storage.remove(row.filePath);
}
