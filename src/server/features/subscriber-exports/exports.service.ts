import path from "node:path";
import { csvTime } from "../../../domain/csv";
import { AppError } from "../../../domain/errors";
import { EXPORT_KIND_LABELS, type ExportKind } from "../../../domain/exports.schemas";
import { assertCan, systemActor } from "../../../domain/permissions";
import type { SubscriberSelection } from "../../../domain/subscribers.schemas";
import { timezoneById } from "../../../domain/timezones";
import { enqueue } from "../../background/queue";
import { inTransaction } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { storageKey, withScratchDir } from "../../storage/storage";
import { accountTimezoneId } from "../account/account.service";
import { recordAudit } from "../audit/audit.service";
import { notify } from "../notifications/notifications.service";
import { countSelection } from "../subscribers/subscribers.service";
import { writeCsvFile } from "./csv-writer";
import { writeExportRows } from "./export-kinds";
import { toSubscriberExport } from "./exports.presenter";
import * as q from "./exports.queries";
import { exportQueue } from "./subscribers-export.job";

/** An export as stored (a report's screen presents its own). */
export type ExportRecord = q.ExportRecord;

const NOT_FOUND = "That export was not found in this account.";

/** Exports as the API shows them, each with the name of who started it. */
async function present(ctx: AppContext, auth: Actor, rows: q.ExportRecord[]) {
  const ids = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null))];
  const names = await q.userNames(ctx.db, auth, ids);
  return rows.map((r) => toSubscriberExport(r, (r.userId && names.get(r.userId)) || null));
}

/**
 * Queues an export of another kind (its owner checked the request first: the actor may see what
 * it names) and lists it in Export History. `fileName` as the owner names the file, if it does.
 */
export async function startExport(
  ctx: AppContext,
  auth: Actor,
  kind: Exclude<ExportKind, "subscribers">,
  params: Record<string, unknown>,
  fileName?: string,
) {
  const row = await q.insertExport(ctx.db, {
    accountId: auth.accountId,
    userId: auth.userId,
    kind,
    params,
    fileName: fileName ?? null,
  });
  // Without a job queue in this process (API tests), the caller runs runExport itself.
  await enqueue(exportQueue, { exportId: row.id });
  return (await present(ctx, auth, [row]))[0]!;
}

/** The actor's latest exports of these kinds (a report's screen lists its own). */
export async function latestExports(
  ctx: AppContext,
  auth: Actor,
  kinds: ExportKind[],
  limit = 10,
): Promise<q.ExportRecord[]> {
  return q.latestOfKinds(ctx.db, auth, kinds, limit);
}

/** One export the actor may see, as stored (a report's screen presents it its own way). */
export async function findExport(ctx: AppContext, auth: Actor, id: number) {
  return q.findExport(ctx.db, auth, id);
}

/** Checks the selection now (so a bad one is a 4xx, not a failed job) and queues the export. */
export async function createExport(ctx: AppContext, auth: Actor, selection: SubscriberSelection) {
  assertCan(auth, "subscribers:export");
  const rowCount = await countSelection(ctx, auth, selection);
  const row = await inTransaction(ctx.db, async (tx) => {
    const made = await q.insertExport(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      selection,
      rowCount,
    });
    await recordAudit({ ...ctx, db: tx }, auth, {
      action: "subscribers.export",
      target: { type: "export", id: made.id, label: `${rowCount} subscribers` },
    });
    return made;
  });
  // Without a job queue in this process (API tests), the caller runs runExport itself.
  await enqueue(exportQueue, { exportId: row.id });
  return (await present(ctx, auth, [row]))[0]!;
}

export async function getExport(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findExport(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return (await present(ctx, auth, [row]))[0]!;
}

export async function listExports(
  ctx: AppContext,
  auth: Actor,
  query: { page: number; pageSize: number },
) {
  const { rows, total } = await q.listExports(ctx.db, auth, query);
  return { total, rows: await present(ctx, auth, rows) };
}

export async function exportFile(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findExport(ctx.db, auth, id);
  if (row?.status !== "finished" || !row.filePath) throw new AppError("NOT_FOUND", NOT_FOUND);
  const file = await ctx.storage.open(row.filePath);
  if (!file) throw new AppError("NOT_FOUND", NOT_FOUND);
  // A download is a read: recorded on its own (nothing to roll back with it).
  await recordAudit(ctx, auth, {
    action: "subscribers.export_download",
    target: { type: "export", id: row.id, label: row.fileName },
  });
  return { ...file, name: row.fileName ?? "export.csv" };
}

/** Exports taking longer than this tell their starter when they are ready (others download). */
const NOTIFY_AFTER_MS = 10_000;

/**
 * The export job, one for every kind: the kind's rows go through the one CSV writer (UTF-8 BOM,
 * formulas defused, times in the account's zone) to a file on this machine, which then moves
 * into the file store whole. Claims the row once (queued → running) and records its progress.
 */
export async function runExport(ctx: AppContext, exportId: number) {
  const row = await q.findExportForJob(ctx.db, exportId);
  if (!row || !(await q.transition(ctx.db, exportId, "queued", { status: "running" }))) return;
  const auth = systemActor("export", row.accountId, { userId: row.userId });
  const kind = row.kind as ExportKind;
  const filePath = storageKey("exports", row.accountId, `${exportId}.csv`);
  try {
    const zone = timezoneById(await accountTimezoneId(ctx.db, auth)).iana;
    const day = csvTime(row.createdAt, zone).slice(0, 10);
    const fileName = row.fileName ?? `${kind}-${day}-${exportId}.csv`;
    const progress = (rows: number, total?: number) =>
      q.setProgress(
        ctx.db,
        exportId,
        total ? Math.min(99, Math.floor((rows / total) * 100)) : 0,
        rows,
      );
    const n = await withScratchDir(ctx.storage, async (dir) => {
      const scratch = path.join(dir, `${exportId}.csv`);
      const count = await writeCsvFile(scratch, zone, progress, (out) =>
        writeExportRows(ctx, auth, row, out),
      );
      await ctx.storage.putFile(filePath, scratch, "text/csv; charset=utf-8");
      return count;
    });
    const finishedAt = ctx.clock.now();
    await q.transition(ctx.db, exportId, "running", {
      status: "finished",
      progress: 100,
      rowCount: n,
      fileName,
      filePath,
      finishedAt,
    });
    if (kind !== "subscribers" && finishedAt.getTime() - row.createdAt.getTime() < NOTIFY_AFTER_MS)
      return;
    await notify(
      ctx.db.$client,
      {
        accountId: row.accountId,
        userId: row.userId ?? undefined,
        kind: "export_ready",
        title: "Your export is ready",
        body:
          kind === "subscribers"
            ? `${n} subscribers in ${fileName}.`
            : `${EXPORT_KIND_LABELS[kind]}: ${n} rows in ${fileName}.`,
        link: "/reports/export-history",
      },
      ctx,
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await q.transition(ctx.db, exportId, "running", {
      status: "failed",
      error: `The export could not be written: ${message}`.slice(0, 500),
      finishedAt: ctx.clock.now(),
    });
  }
}
