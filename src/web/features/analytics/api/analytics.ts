import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  analyticsResponse,
  cohortResponse,
  conversionSettings,
  conversionsReport,
} from "../../../../domain/analytics.schemas";
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

export function useConversionSettings() {
  return useQuery({
    queryKey: ["analytics", "conversion-settings"],
    queryFn: () => api.get("/api/analytics/conversions/settings", { schema: conversionSettings }),
  });
}

export function useConversions(f: ReportFilter) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined) qs.set(k, String(v));
  return useQuery({
    queryKey: ["analytics", "conversions", f],
    queryFn: () => api.get(`/api/analytics/conversions?${qs}`, { schema: conversionsReport }),
    placeholderData: keepPreviousData,
  });
}

export function useSetConversionWindow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (windowDays: number) =>
      api.put(
        "/api/analytics/conversions/settings",
        { windowDays },
        { schema: conversionSettings },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ["analytics"] }),
  });
}
