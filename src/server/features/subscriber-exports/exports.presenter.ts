import type { SubscriberExport } from "../../../domain/exports.schemas";
import type { ExportRecord } from "./exports.queries";

export function toSubscriberExport(row: ExportRecord): SubscriberExport {
  return {
    id: row.id,
    status: row.status as SubscriberExport["status"],
    rowCount: row.rowCount,
    fileName: row.fileName,
    downloadUrl: row.status === "finished" ? `/api/subscribers/exports/${row.id}/download` : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
