import { useQuery } from "@tanstack/react-query";
import { type SubscriberImport, subscriberImport } from "../../../../domain/imports.schemas";
import { api } from "../../../lib/api-client";
import { isImportActive } from "../lib/import-status";

export const importKey = (id: number) => ["subscriber-imports", "one", id] as const;

export function getImport(id: number): Promise<SubscriberImport> {
  return api.get(`/api/subscribers/imports/${id}`, { schema: subscriberImport });
}

/** One import, polled every second while it is queued or running (the live progress bar). */
export function useImport(id: number | null) {
  return useQuery({
    queryKey: importKey(id ?? 0),
    queryFn: () => getImport(id!),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data && isImportActive(q.state.data.status) ? 1000 : false),
  });
}
