import type { SubscriberImport } from "../../../domain/imports.schemas";
import type { ImportRowRecord } from "./imports.queries";

export function toSubscriberImport(row: ImportRowRecord): SubscriberImport {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status as SubscriberImport["status"],
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    added: row.added,
    updated: row.updated,
    skipped: row.skipped,
    failed: row.failed,
    failedRowsUrl: row.errorFilePath ? `/api/subscribers/imports/${row.id}/failed-rows` : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
