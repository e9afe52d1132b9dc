import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type keywordInput,
  keywordListResponse,
  keywordPurchaseResponse,
  keywordResponse,
  keywordStatsResponse,
} from "../../../../domain/keywords.schemas";
import { api } from "../../../lib/api-client";

export const keywordsKey = ["keywords"] as const;
export type KeywordFormInput = z.input<typeof keywordInput>;

export function useKeywords(phoneNumberId: number | null) {
  return useQuery({
    queryKey: [...keywordsKey, "list", phoneNumberId],
    queryFn: () =>
      api.get(`/api/keywords${phoneNumberId ? `?phoneNumberId=${phoneNumberId}` : ""}`, {
        schema: keywordListResponse,
      }),
  });
}

export function useKeyword(id: number | null) {
  return useQuery({
    queryKey: [...keywordsKey, "detail", id],
    queryFn: () => api.get(`/api/keywords/${id}`, { schema: keywordResponse }),
    enabled: id !== null,
  });
}

export function useKeywordStats(id: number | null) {
  return useQuery({
    queryKey: [...keywordsKey, "stats", id],
    queryFn: () => api.get(`/api/keywords/${id}/stats`, { schema: keywordStatsResponse }),
    enabled: id !== null,
  });
}

export function useSaveKeyword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: KeywordFormInput }) =>
      id === null
        ? api.post("/api/keywords", input, { schema: keywordResponse, toast: false })
        : api.put(`/api/keywords/${id}`, input, { schema: keywordResponse, toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keywordsKey }),
  });
}

export function useSetKeywordStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: "active" | "paused" }) =>
      api.put(`/api/keywords/${id}/status`, { status }, { schema: keywordResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keywordsKey }),
  });
}

export function useDeleteKeyword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/keywords/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keywordsKey }),
  });
}

export function usePurchaseKeywords() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amountCents?: number) =>
      api.post("/api/keywords/purchase", { amountCents }, { schema: keywordPurchaseResponse }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: keywordsKey });
      // A pack is a line of the next invoice (and may be charged now): billing changed.
      void qc.invalidateQueries({ queryKey: ["billing"] });
    },
  });
}
