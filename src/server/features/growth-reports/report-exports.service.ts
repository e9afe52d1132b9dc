import { once } from "node:events";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { csvLine } from "../../../domain/csv";
import { AppError } from "../../../domain/errors";
import {
  type ExportedReport,
  REPORT_TEXTS,
  type ReportExport,
  type ReportKind,
  type ReportRange,
} from "../../../domain/growth-reports.schemas";
import { assertCan, can, systemActor } from "../../../domain/permissions";
import type { SentMessagesFilter } from "../../../domain/reports.schemas";
import { enqueue } from "../../background/queue";
import type { Actor, AppContext } from "../../http/context";
import { storageKey, withScratchDir } from "../../storage/storage";
import { sentMessagesCsv } from "../reports/reports.service";
import * as q from "./growth-reports.queries";
import type { reportExports } from "./growth-reports.schema";
import * as reports from "./growth-reports.service";
import { reportExportQueue } from "./report-export.job";

const PAGE = 1000;

type Row = typeof reportExports.$inferSelect;

function present(row: Row): ReportExport {
  return {
    id: row.id,
    report: row.report as ExportedReport,
    status: row.status as ReportExport["status"],
    progress: row.progress,
    rowCount: row.rowCount,
    fileName: row.fileName,
    downloadUrl: row.status === "finished" ? `/api/reports/exports/${row.id}/download` : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Only the owner (exports:all) sees everyone's exports; others see the ones they started. */
function visible(auth: Actor): q.ExportScope {
  return can(auth, "exports:all") || auth.userId === null
    ? { accountId: auth.accountId, userId: null }
    : { accountId: auth.accountId, userId: auth.userId };
}

/** Checks the filter now (a bad one is a 4xx, not a failed job) and queues the CSV. */
export async function createReportExport(
  ctx: AppContext,
  auth: Actor,
  body: { report: ReportKind } & Partial<ReportRange>,
) {
  const range = await reports.resolveRange(ctx, auth, body);
  const row = await q.insertReportExport(ctx.db, {
    accountId: auth.accountId,
    userId: auth.userId,
    report: body.report,
    filter: { from: range.from, to: range.to, numberId: range.numberId ?? null },
  });
  // Without a job queue in this process (API tests), the caller runs runReportExport itself.
  await enqueue(reportExportQueue, { exportId: row!.id });
  return present(row!);
}

/**
 * The sent-messages report's CSV (the screen streams it; an integrator starts it and polls, as
 * for the other reports). The filter was checked by the route's schema, as the screen's query is.
 */
export async function createSentMessagesExport(
  ctx: AppContext,
  auth: Actor,
  filter: SentMessagesFilter,
) {
  assertCan(auth, "reports:read");
  const row = await q.insertReportExport(ctx.db, {
    accountId: auth.accountId,
    userId: auth.userId,
    report: "sent-messages" satisfies ExportedReport,
    filter,
  });
  await enqueue(reportExportQueue, { exportId: row!.id });
  return present(row!);
}

export async function listReportExports(ctx: AppContext, auth: Actor, report?: ExportedReport) {
  assertCan(auth, "reports:read");
  const rows = await q.latestExports(ctx.db, visible(auth), report);
  return { rows: rows.map(present) };
}

async function findVisible(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "reports:read");
  const row = await q.findExport(ctx.db, visible(auth), id);
  if (!row) throw new AppError("NOT_FOUND", REPORT_TEXTS.exportNotFound);
  return row;
}

export async function getReportExport(ctx: AppContext, auth: Actor, id: number) {
  return present(await findVisible(ctx, auth, id));
}

export async function reportExportFile(ctx: AppContext, auth: Actor, id: number) {
  const row = await findVisible(ctx, auth, id);
  if (row.status !== "finished" || !row.filePath)
    throw new AppError("NOT_FOUND", REPORT_TEXTS.exportNotFound);
  const file = await ctx.storage.open(row.filePath);
  if (!file) throw new AppError("NOT_FOUND", REPORT_TEXTS.exportNotFound);
  return { ...file, name: row.fileName ?? "report.csv" };
}

async function update(ctx: AppContext, id: number, set: Partial<Row>) {
  await q.updateExport(ctx.db, id, set);
}

/**
 * The export job: the report's rows to a CSV file (formulas defused by csvLine), recording its
 * progress as it goes so the page can show a bar. Claims the row once (queued → running).
 */
export async function runReportExport(ctx: AppContext, exportId: number) {
  const row = await q.claimQueuedExport(ctx.db, exportId);
  if (!row) return;
  const auth = systemActor("export", row.accountId, { userId: row.userId });
  const filter = row.filter as { from: string; to: string; numberId: number | null };
  const fileName =
    row.report === "sent-messages"
      ? `sent-messages-${filter.from ?? "start"}-to-${filter.to ?? "today"}.csv`
      : `${row.report}-${filter.from}-to-${filter.to}.csv`;
  const filePath = storageKey("exports", row.accountId, `report-${exportId}.csv`);
  try {
    // Written on this machine first, then moved into the file store whole.
    const n = await withScratchDir(ctx.storage, async (dir) => {
      const scratch = path.join(dir, `report-${exportId}.csv`);
      const count = await writeReport(ctx, row, auth, filter, scratch);
      await ctx.storage.putFile(filePath, scratch, "text/csv; charset=utf-8");
      return count;
    });
    await update(ctx, exportId, {
      status: "finished",
      progress: 100,
      rowCount: n,
      fileName,
      filePath,
      finishedAt: ctx.clock.now(),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await update(ctx, exportId, {
      status: "failed",
      error: `The export could not be written: ${message}`.slice(0, 500),
      finishedAt: ctx.clock.now(),
    });
  }
}

/** The report's rows as CSV in `filePath`; answers how many rows it holds. */
async function writeReport(
  ctx: AppContext,
  row: Row,
  auth: Actor,
  filter: { from: string; to: string; numberId: number | null },
  filePath: string,
): Promise<number> {
  const exportId = row.id;
  const out = createWriteStream(filePath);
  const write = async (cells: (string | number | null)[]) => {
    if (!out.write(csvLine(cells))) await once(out, "drain");
  };
  let n = 0;
  if (row.report === "sent-messages") {
    // The screen's CSV, a chunk a line (the header first).
    const lines = await sentMessagesCsv(ctx, auth, row.filter as SentMessagesFilter);
    for await (const line of lines) {
      if (!out.write(line)) await once(out, "drain");
      n++;
      if (n % PAGE === 0) await update(ctx, exportId, { progress: 99, rowCount: n - 1 });
    }
    n = Math.max(0, n - 1);
  } else {
    n = await writeRangeReport(ctx, row, auth, filter, write);
  }
  out.end();
  await once(out, "finish");
  return n;
}

/** The Reports screen's reports (a date range, maybe a number): their rows, counted. */
async function writeRangeReport(
  ctx: AppContext,
  row: Row,
  auth: Actor,
  filter: { from: string; to: string; numberId: number | null },
  write: (cells: (string | number | null)[]) => Promise<void>,
): Promise<number> {
  const range = await reports.resolveRange(ctx, auth, {
    from: filter.from,
    to: filter.to,
    numberId: filter.numberId ?? undefined,
  });
  const exportId = row.id;
  let n = 0;
  if (row.report === "subscribers") {
    const report = await reports.subscriberReport(ctx, auth, range);
    await write(["Date", "Joined", "Opted Out", "Net"]);
    for (const d of report.days) {
      await write([d.date, d.joined, d.optedOut, d.net]);
      n++;
    }
    await write([]);
    await write(["Sign Up Method", "Joined", "Opted Out", "Net"]);
    for (const m of report.byMethod)
      await write([m.label, m.joined, m.optedOut, m.joined - m.optedOut]);
  } else if (row.report === "opt-outs") {
    const total = [...(await q.optOutsByDay(ctx.db, range)).values()].reduce((a, b) => a + b, 0);
    await write([
      "Opted Out At",
      "Phone Number",
      "Name",
      "Source",
      "Texted",
      "Business Number",
      "Message Before",
      "Message Kind",
      "Message Sent At",
    ]);
    let before: { at: Date; id: number } | undefined;
    for (;;) {
      const rows = await q.optOutRows(ctx.db, range, { limit: PAGE, beforeKey: before });
      for (const x of rows.map(reports.toOptOutRow)) {
        await write([
          x.optedOutAt,
          x.phone,
          x.name,
          x.source,
          x.detail,
          x.number,
          x.preceding?.body ?? "",
          x.preceding?.source ?? "",
          x.preceding?.sentAt ?? "",
        ]);
      }
      n += rows.length;
      await update(ctx, exportId, {
        progress: total ? Math.min(99, Math.floor((n / total) * 100)) : 99,
        rowCount: n,
      });
      if (rows.length < PAGE) break;
      const last = rows[rows.length - 1]!;
      before = { at: last.optedOutAt, id: last.id };
    }
  } else {
    await write(["Phone Number", "Name", "Clicks", "Links", "Last Click"]);
    for (let page = 0; ; page++) {
      const res = await reports.clicksBySubscriber(ctx, auth, {
        ...range,
        page,
        pageSize: 100,
      });
      for (const x of res.rows) await write([x.phone, x.name, x.clicks, x.links, x.lastClickAt]);
      n += res.rows.length;
      await update(ctx, exportId, {
        progress: res.total ? Math.min(99, Math.floor((n / res.total) * 100)) : 99,
        rowCount: n,
      });
      if (res.rows.length < 100) break;
    }
  }
  return n;
}
