import type { SubscriberExport } from "../../../domain/exports.schemas";
import type { ExportRecord } from "./exports.queries";

/** `createdBy`: the name of the user who started the export (exports.service names them). */
export function toSubscriberExport(
  row: ExportRecord,
  createdBy: string | null = null,
): SubscriberExport {
  return {
    id: row.id,
    kind: row.kind as SubscriberExport["kind"],
    status: row.status as SubscriberExport["status"],
    progress: row.status === "finished" ? 100 : row.progress,
    rowCount: row.rowCount,
    fileName: row.fileName,
    downloadUrl: row.status === "finished" ? `/api/subscribers/exports/${row.id}/download` : null,
    error: row.error,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
