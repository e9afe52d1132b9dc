import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type AutomationKind,
  automationDetail,
  type automationInput,
  automationReport,
  clockResponse,
  listAutomationsResponse,
} from "../../../../domain/automations.schemas";
import { api } from "../../../lib/api-client";

export const automationsKey = ["automations"] as const;
export type AutomationBody = z.input<typeof automationInput>;

export function useAutomations(kind: AutomationKind) {
  return useQuery({
    queryKey: [...automationsKey, "list", kind],
    queryFn: () => api.get(`/api/automations?kind=${kind}`, { schema: listAutomationsResponse }),
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

export function useAutomation(id: number | null) {
  return useQuery({
    queryKey: [...automationsKey, "one", id],
    queryFn: () => api.get(`/api/automations/${id}`, { schema: automationDetail }),
    enabled: id !== null,
  });
}

export function useAutomationReport(id: number | null) {
  return useQuery({
    queryKey: [...automationsKey, "report", id],
    queryFn: () => api.get(`/api/automations/${id}/report`, { schema: automationReport }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: 10_000,
  });
}

/** Creates (no id) or saves an automation; saving a changed graph makes a new version. */
export function useSaveAutomation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number | null; body: AutomationBody; moveRuns?: boolean }) => {
      if (p.id === null) return api.post("/api/automations", p.body, { schema: automationDetail });
      const { kind: _kind, ...rest } = p.body;
      return api.put(
        `/api/automations/${p.id}`,
        { ...rest, moveRuns: p.moveRuns ?? false },
        { schema: automationDetail },
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: automationsKey }),
  });
}

export function useSetAutomationStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; status: "draft" | "active" | "paused" }) =>
      api.post(
        `/api/automations/${p.id}/status`,
        { status: p.status },
        { schema: automationDetail },
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: automationsKey }),
  });
}

export function useDeleteAutomation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/automations/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: automationsKey }),
  });
}

/** The engine's clock (moved forward only on a test server). */
export function useEngineClock() {
  return useQuery({
    queryKey: [...automationsKey, "clock"],
    queryFn: () => api.get("/api/automations/clock", { schema: clockResponse }),
  });
}

export function useAdvanceClock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (minutes: number) =>
      api.post("/api/automations/clock", { minutes }, { schema: clockResponse }),
    onSettled: () => qc.invalidateQueries({ queryKey: automationsKey }),
  });
}
