import { AppError } from "../../../domain/errors";
import type { ExportKind } from "../../../domain/exports.schemas";
import {
  type ExportedReport,
  REPORT_TEXTS,
  type ReportExport,
  type ReportKind,
  type ReportRange,
} from "../../../domain/growth-reports.schemas";
import { assertCan } from "../../../domain/permissions";
import type { SentMessagesFilter } from "../../../domain/reports.schemas";
import type { Actor, AppContext } from "../../http/context";
import * as exportsService from "../subscriber-exports/exports.service";
import * as reports from "./growth-reports.service";

/**
 * The reports' CSV exports as the Reports screen and the API know them (`report`, their own
 * download address); each is an export like every other (the subscriber-exports feature writes
 * it and lists it in Export History).
 */
const KIND_OF: Record<ExportedReport, ExportKind> = {
  subscribers: "subscriber-report",
  "opt-outs": "opt-outs",
  "link-clicks": "link-clicks",
  "sent-messages": "sent-messages",
};
const REPORT_OF = Object.fromEntries(
  Object.entries(KIND_OF).map(([report, kind]) => [kind, report]),
) as Partial<Record<ExportKind, ExportedReport>>;

function present(row: exportsService.ExportRecord): ReportExport {
  return {
    id: row.id,
    report: REPORT_OF[row.kind as ExportKind]!,
    status: row.status as ReportExport["status"],
    progress: row.status === "finished" ? 100 : row.progress,
    rowCount: row.rowCount,
    fileName: row.fileName,
    downloadUrl: row.status === "finished" ? `/api/reports/exports/${row.id}/download` : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Checks the filter now (a bad one is a 4xx, not a failed job) and queues the CSV. */
export async function createReportExport(
  ctx: AppContext,
  auth: Actor,
  body: { report: ReportKind } & Partial<ReportRange>,
) {
  assertCan(auth, "reports:read");
  const range = await reports.resolveRange(ctx, auth, body);
  const started = await exportsService.startExport(
    ctx,
    auth,
    KIND_OF[body.report] as Exclude<ExportKind, "subscribers">,
    { from: range.from, to: range.to, numberId: range.numberId ?? null },
    `${body.report}-${range.from}-to-${range.to}.csv`,
  );
  return present((await exportsService.findExport(ctx, auth, started.id))!);
}

/**
 * The sent-messages report's CSV (an integrator starts it and polls, as for the other reports).
 * The filter was checked by the route's schema, as the screen's query is.
 */
export async function createSentMessagesExport(
  ctx: AppContext,
  auth: Actor,
  filter: SentMessagesFilter,
) {
  assertCan(auth, "reports:read");
  const started = await exportsService.startExport(ctx, auth, "sent-messages", filter);
  return present((await exportsService.findExport(ctx, auth, started.id))!);
}

export async function listReportExports(ctx: AppContext, auth: Actor, report?: ExportedReport) {
  assertCan(auth, "reports:read");
  const kinds = report ? [KIND_OF[report]] : Object.values(KIND_OF);
  return { rows: (await exportsService.latestExports(ctx, auth, kinds)).map(present) };
}

async function findVisible(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "reports:read");
  const row = await exportsService.findExport(ctx, auth, id);
  if (!row || !REPORT_OF[row.kind as ExportKind])
    throw new AppError("NOT_FOUND", REPORT_TEXTS.exportNotFound);
  return row;
}

export async function getReportExport(ctx: AppContext, auth: Actor, id: number) {
  return present(await findVisible(ctx, auth, id));
}

export async function reportExportFile(ctx: AppContext, auth: Actor, id: number) {
  await findVisible(ctx, auth, id);
  return exportsService.exportFile(ctx, auth, id);
}

/** Runs a report export's job (the export job of every kind). */
export const runReportExport = exportsService.runExport;
