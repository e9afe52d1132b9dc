import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listExportsResponse, type SubscriberExport } from "../../../../domain/exports.schemas";
import { api } from "../../../lib/api-client";

export const exportsKey = ["subscriber-exports"] as const;

export function isExportActive(status: SubscriberExport["status"]) {
  return status === "queued" || status === "running";
}

export function listExports(page: number, pageSize: number) {
  return api.get(`/api/subscribers/exports?page=${page}&pageSize=${pageSize}`, {
    schema: listExportsResponse,
  });
}

/** The export history; polled every second while an export on the page is still being written. */
export function useExports(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...exportsKey, "list", page, pageSize],
    queryFn: () => listExports(page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.rows.some((r) => isExportActive(r.status)) ? 1000 : false,
  });
}
