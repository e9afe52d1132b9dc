import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type autoReplyInput,
  autoReplyPreviewResponse,
  autoReplyResponse,
  listAutoRepliesResponse,
} from "../../../../domain/auto-replies";
import { api } from "../../../lib/api-client";

export const autoRepliesKey = ["auto-replies"] as const;
export type AutoReplyBody = z.input<typeof autoReplyInput>;

export function useAutoReplies() {
  return useQuery({
    queryKey: autoRepliesKey,
    queryFn: () => api.get("/api/auto-replies", { schema: listAutoRepliesResponse }),
  });
}

export function useAutoReply(id: number | null) {
  return useQuery({
    queryKey: [...autoRepliesKey, id],
    queryFn: () => api.get(`/api/auto-replies/${id}`, { schema: autoReplyResponse }),
    enabled: id !== null,
  });
}

/** Creates (no id) or saves a rule; the list refreshes. */
export function useSaveAutoReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number | null; body: AutoReplyBody }) =>
      p.id === null
        ? api.post("/api/auto-replies", p.body, { schema: autoReplyResponse })
        : api.put(`/api/auto-replies/${p.id}`, p.body, { schema: autoReplyResponse }),
    onSettled: () => qc.invalidateQueries({ queryKey: autoRepliesKey }),
  });
}

export function useDeleteAutoReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/auto-replies/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: autoRepliesKey }),
  });
}

export function useReorderAutoReplies() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api.post("/api/auto-replies/order", { ids }, { schema: listAutoRepliesResponse }),
    onSuccess: (data) => qc.setQueryData(autoRepliesKey, data),
    onSettled: () => qc.invalidateQueries({ queryKey: autoRepliesKey }),
  });
}

export function usePreviewAutoReply() {
  return useMutation({
    mutationFn: (p: { body: string; phoneNumberId: number | null; firstMessage: boolean }) =>
      api.post("/api/auto-replies/preview", p, { schema: autoReplyPreviewResponse }),
  });
}
