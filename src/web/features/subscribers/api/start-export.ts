import { useMutation, useQueryClient } from "@tanstack/react-query";
import { subscriberExport } from "../../../../domain/exports.schemas";
import { api } from "../../../lib/api-client";
import type { SelectionBody } from "./bulk-actions";

/** Starts a CSV export job of a selection; the file shows up in /reports/export-history. */
export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (selection: SelectionBody) =>
      api.post("/api/subscribers/exports", { selection }, { schema: subscriberExport }),
    // Whatever key the export-history screen caches under, it shows the new job on its next visit.
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (q) => JSON.stringify(q.queryKey).toLowerCase().includes("export"),
      }),
  });
}
