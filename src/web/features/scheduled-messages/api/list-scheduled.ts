import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { scheduledResponse } from "../../../../domain/reports.schemas";
import { api } from "../../../lib/api-client";

export const scheduledKey = ["sends", "scheduled"] as const;

export function listScheduled(p: { page: number; pageSize: number }) {
  const qs = new URLSearchParams({ page: String(p.page), pageSize: String(p.pageSize) });
  return api.get(`/api/sends/scheduled?${qs}`, { schema: scheduledResponse });
}

/** Scheduled and recurring sends; a running one is polled until it is done. */
export function useScheduled(p: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...scheduledKey, p],
    queryFn: () => listScheduled(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === "running") ? 5000 : false),
  });
}
