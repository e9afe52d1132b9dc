import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { assignableUsersResponse } from "../../../../domain/inbox.schemas";
import { keywordListResponse } from "../../../../domain/keywords.schemas";
import { listLinksResponse } from "../../../../domain/links";
import { optinFormListResponse } from "../../../../domain/optin-forms";
import {
  nameAvailableResponse,
  testRunResponse,
  type WorkflowLayout,
  workflowDetail,
} from "../../../../domain/workflows.schemas";
import { api } from "../../../lib/api-client";

/** Workflows share the automations' cache (lists, reports and saves go through /api/automations). */
export const workflowsKey = ["automations"] as const;

export function useWorkflow(id: number | null) {
  return useQuery({
    queryKey: [...workflowsKey, "workflow", id],
    queryFn: () => api.get(`/api/workflows/${id}`, { schema: workflowDetail }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The spec's cached "unique workflow name" check. */
export function useNameAvailable(name: string, excludeId: number | null) {
  const trimmed = name.trim();
  return useQuery({
    queryKey: [...workflowsKey, "name-available", trimmed.toLowerCase(), excludeId],
    queryFn: () =>
      api.get(
        `/api/workflows/name-available?name=${encodeURIComponent(trimmed)}${
          excludeId ? `&excludeId=${excludeId}` : ""
        }`,
        { schema: nameAvailableResponse, toast: false },
      ),
    enabled: trimmed.length > 0 && trimmed.length <= 100,
    staleTime: 10 * 60_000,
  });
}

export function useSaveLayout() {
  return useMutation({
    mutationFn: (p: { id: number; layout: WorkflowLayout }) =>
      api.put(`/api/workflows/${p.id}/layout`, p.layout, { schema: workflowDetail, toast: false }),
  });
}

export function useDuplicateWorkflow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/api/workflows/${id}/duplicate`, undefined, { schema: workflowDetail }),
    onSettled: () => qc.invalidateQueries({ queryKey: workflowsKey }),
  });
}

export function usePublishWorkflow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/api/workflows/${id}/publish`, undefined, { schema: workflowDetail, toast: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: workflowsKey }),
  });
}

export function useTestRun() {
  return useMutation({
    mutationFn: (p: { id: number; phone: string }) =>
      api.post(
        `/api/workflows/${p.id}/test-run`,
        { phone: p.phone },
        { schema: testRunResponse, toast: false },
      ),
  });
}

export function useKeywordOptions() {
  return useQuery({
    queryKey: [...workflowsKey, "keywords"],
    queryFn: () => api.get("/api/keywords", { schema: keywordListResponse }),
    select: (d) => d.keywords.map((k) => ({ value: String(k.id), label: k.keyword })),
  });
}

export function useOptinFormOptions() {
  return useQuery({
    queryKey: [...workflowsKey, "optin-forms"],
    queryFn: () => api.get("/api/optin-forms", { schema: optinFormListResponse }),
    select: (d) => d.forms.map((f) => ({ value: String(f.id), label: f.name })),
  });
}

export function useLinkOptions() {
  return useQuery({
    queryKey: [...workflowsKey, "links"],
    queryFn: () => api.get("/api/links?page=0&pageSize=100", { schema: listLinksResponse }),
    select: (d) =>
      d.rows.map((l) => ({ value: String(l.id), label: `${l.shortUrl} → ${l.longUrl}` })),
  });
}

/** People a conversation may be assigned to (the inbox's list). */
export function useUserOptions() {
  return useQuery({
    queryKey: [...workflowsKey, "users"],
    queryFn: () => api.get("/api/inbox/assignable-users", { schema: assignableUsersResponse }),
    select: (d) => d.users.map((u) => ({ value: String(u.id), label: u.name || u.username })),
  });
}
