import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  listUnhealthyResponse,
  type UnhealthyReason,
} from "../../../../domain/unhealthy-subscribers.schemas";
import { api } from "../../../lib/api-client";

export const unhealthyKey = ["unhealthy-subscribers"] as const;

export interface UnhealthyParams {
  page: number;
  pageSize: number;
  reason?: UnhealthyReason;
  query: string;
}

export function listUnhealthy(p: UnhealthyParams) {
  const qs = new URLSearchParams({ page: String(p.page), pageSize: String(p.pageSize) });
  if (p.reason) qs.set("reason", p.reason);
  if (p.query) qs.set("query", p.query);
  return api.get(`/api/unhealthy-subscribers?${qs}`, { schema: listUnhealthyResponse });
}

export function useUnhealthy(p: UnhealthyParams) {
  return useQuery({
    queryKey: [...unhealthyKey, p],
    queryFn: () => listUnhealthy(p),
    placeholderData: keepPreviousData,
    // Failures arrive as texts go out: a fresh look each time the page opens.
    staleTime: 0,
  });
}
