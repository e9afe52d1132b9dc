import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { analyticsResponse, cohortResponse } from "../../../../domain/analytics.schemas";
import { api } from "../../../lib/api-client";
import type { ReportFilter } from "../../growth-reports/api/reports";

export function useAnalytics(f: ReportFilter) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined) qs.set(k, String(v));
  return useQuery({
    queryKey: ["analytics", f],
    queryFn: () => api.get(`/api/analytics?${qs}`, { schema: analyticsResponse }),
    placeholderData: keepPreviousData,
  });
}

export function useCohorts() {
  return useQuery({
    queryKey: ["analytics", "cohorts"],
    queryFn: () => api.get("/api/analytics/cohorts", { schema: cohortResponse }),
  });
}
