import type { SubscriberImport } from "../../../../domain/imports.schemas";
import { tk } from "../../../i18n";

type Status = SubscriberImport["status"];

export function isImportActive(status: Status): boolean {
  return status === "queued" || status === "running";
}

export const IMPORT_STATUS_LABEL: Record<Status, string> = {
  uploaded: tk("Not started"),
  queued: tk("Waiting"),
  running: tk("Importing"),
  finished: tk("Finished"),
  failed: tk("Failed"),
};

export const IMPORT_STATUS_COLOR: Record<Status, string> = {
  uploaded: "gray",
  queued: "blue",
  running: "blue",
  finished: "teal",
  failed: "red",
};

/** Share done, 0-100; the total is approximate (line count) until the job has finished. */
export function importPercent(i: Pick<SubscriberImport, "status" | "processedRows" | "totalRows">) {
  if (i.status === "finished") return 100;
  if (i.totalRows <= 0) return 0;
  return Math.min(99, Math.floor((i.processedRows / i.totalRows) * 100));
}
