import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ImportDateFormat } from "../../../../domain/imports.schemas";

/**
 * An import being set up: the uploaded file (already on the server, status 'uploaded'), its
 * first rows and the choices made so far. Kept in the query cache so that moving between the
 * flow's pages keeps it and logging out (which clears the cache) forgets it.
 */
export interface ImportDraft {
  importId: number;
  fileName: string;
  /** The first rows of the file, header included when there is one. */
  rows: string[][];
  hasHeader: boolean;
  /** One target per column ('' = not imported). */
  mapping: string[];
  groupIds: number[];
  duplicates: "skip" | "update";
  dateFormat: ImportDateFormat;
  attested: boolean;
}

const KEY = ["subscriber-imports", "draft"] as const;

export function useImportDraft() {
  const qc = useQueryClient();
  const draft = useQuery<ImportDraft | null>({
    queryKey: KEY,
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    initialData: null,
  }).data;
  return {
    draft,
    set: (next: ImportDraft | null) => setImportDraft(qc, next),
    update: (patch: Partial<ImportDraft>) => {
      const current = qc.getQueryData<ImportDraft | null>(KEY);
      if (current) setImportDraft(qc, { ...current, ...patch });
    },
  };
}

export function setImportDraft(qc: QueryClient, next: ImportDraft | null) {
  qc.setQueryData(KEY, next);
}

/** The column count of the file: its widest preview row. */
export function columnCount(rows: string[][]): number {
  return Math.max(0, ...rows.map((r) => r.length));
}
