import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listImportsResponse } from "../../../../domain/imports.schemas";
import { api } from "../../../lib/api-client";
import { isImportActive } from "../lib/import-status";

export const importsKey = ["subscriber-imports"] as const;

export function listImports(page: number, pageSize: number) {
  return api.get(`/api/subscribers/imports?page=${page}&pageSize=${pageSize}`, {
    schema: listImportsResponse,
  });
}

/** The import history; polled every second while one of the shown imports is still running. */
export function useImports(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...importsKey, "list", page, pageSize],
    queryFn: () => listImports(page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.rows.some((r) => isImportActive(r.status)) ? 1000 : false,
  });
}
