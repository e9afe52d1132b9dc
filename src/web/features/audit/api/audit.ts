import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { auditListSchema, auditVerifySchema } from "../../../../domain/audit";
import { api } from "../../../lib/api-client";

export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

/** The query string both the list and the CSV take (empty filters left out). */
export function auditSearch(f: AuditFilters, page?: { page: number; perPage: number }) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  if (page) {
    p.set("page", String(page.page));
    p.set("perPage", String(page.perPage));
  }
  return p.toString();
}

export function useAuditEvents(f: AuditFilters, page: { page: number; perPage: number }) {
  const search = auditSearch(f, page);
  return useQuery({
    queryKey: ["audit", "list", search],
    queryFn: () => api.get(`/api/audit?${search}`, { schema: auditListSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditVerify() {
  return useQuery({
    queryKey: ["audit", "verify"],
    queryFn: () => api.get("/api/audit/verify", { schema: auditVerifySchema }),
  });
}
