import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  clicksBySubscriberResponse,
  clickThroughResponse,
  listReportExportsResponse,
  optOutReport,
  type ReportKind,
  reportExport,
  subscriberReport,
} from "../../../../domain/growth-reports.schemas";
import { api } from "../../../lib/api-client";

export interface ReportFilter {
  from?: string;
  to?: string;
  numberId?: number;
}

const keys = {
  all: ["growth-reports"] as const,
  report: (name: string, p: object) => ["growth-reports", name, p] as const,
  exports: (report: ReportKind) => ["growth-reports", "exports", report] as const,
};

function params(f: ReportFilter & { page?: number; pageSize?: number }) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== null) qs.set(k, String(v));
  return qs;
}

export function useSubscriberReport(f: ReportFilter) {
  return useQuery({
    queryKey: keys.report("subscribers", f),
    queryFn: () => api.get(`/api/reports/subscribers?${params(f)}`, { schema: subscriberReport }),
    placeholderData: keepPreviousData,
  });
}

export function useOptOutReport(f: ReportFilter & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: keys.report("opt-outs", f),
    queryFn: () => api.get(`/api/reports/opt-outs?${params(f)}`, { schema: optOutReport }),
    placeholderData: keepPreviousData,
  });
}

export function useClicksBySubscriber(f: ReportFilter & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: keys.report("clicks", f),
    queryFn: () =>
      api.get(`/api/reports/link-clicks/subscribers?${params(f)}`, {
        schema: clicksBySubscriberResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useClickThrough(f: ReportFilter) {
  return useQuery({
    queryKey: keys.report("click-through", f),
    queryFn: () =>
      api.get(`/api/reports/link-clicks/sends?${params(f)}`, { schema: clickThroughResponse }),
    placeholderData: keepPreviousData,
  });
}

/** This report's recent exports; polled every second while one is still being written. */
export function useReportExports(report: ReportKind) {
  return useQuery({
    queryKey: keys.exports(report),
    queryFn: () =>
      api.get(`/api/reports/exports?report=${report}`, { schema: listReportExportsResponse }),
    refetchInterval: (q) =>
      q.state.data?.rows.some((r) => r.status === "queued" || r.status === "running")
        ? 1000
        : false,
  });
}

export function useCreateReportExport(report: ReportKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (f: ReportFilter) =>
      api.post("/api/reports/exports", { report, ...f }, { schema: reportExport }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.exports(report) }),
  });
}
