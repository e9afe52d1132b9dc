import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ChatbotInput,
  chatbotDetail,
  listChatbotsResponse,
} from "../../../../domain/chatbots";
import { listCustomFieldsResponse } from "../../../../domain/custom-fields.schemas";
import { listUsersResponse } from "../../../../domain/users.schemas";
import { api } from "../../../lib/api-client";

export const chatbotsKey = ["chatbots"] as const;

export function useChatbots() {
  return useQuery({
    queryKey: [...chatbotsKey, "list"],
    queryFn: () => api.get("/api/chatbots", { schema: listChatbotsResponse }),
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

export function useChatbot(id: number | null) {
  return useQuery({
    queryKey: [...chatbotsKey, "one", id],
    queryFn: () => api.get(`/api/chatbots/${id}`, { schema: chatbotDetail }),
    enabled: id !== null,
  });
}

/** Creates (no id) or saves a chatbot; the list refreshes. */
export function useSaveChatbot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number | null; body: ChatbotInput }) =>
      p.id === null
        ? api.post("/api/chatbots", p.body, { schema: chatbotDetail, toast: false })
        : api.put(`/api/chatbots/${p.id}`, p.body, { schema: chatbotDetail, toast: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: chatbotsKey }),
  });
}

export function useSetChatbotEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; enabled: boolean }) =>
      api.post(`/api/chatbots/${p.id}/enabled`, { enabled: p.enabled }, { schema: chatbotDetail }),
    onSettled: () => qc.invalidateQueries({ queryKey: chatbotsKey }),
  });
}

export function useDeleteChatbot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/chatbots/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: chatbotsKey }),
  });
}

/** Custom fields an answer can be kept in (text-like fields). */
export function useAnswerFieldOptions() {
  return useQuery({
    queryKey: ["chatbots", "fields"],
    queryFn: () =>
      api.get("/api/custom-fields?page=0&pageSize=500", { schema: listCustomFieldsResponse }),
    select: (d) =>
      d.rows
        .filter((f) => f.type === "string" || f.type === "address" || f.type === "date")
        .map((f) => ({ value: String(f.id), label: f.name })),
  });
}

/** The account's users a conversation can be handed to (empty when the caller may not list them). */
export function useHandoffUserOptions() {
  return useQuery({
    queryKey: ["chatbots", "users"],
    queryFn: () => api.get("/api/users", { schema: listUsersResponse, toast: false }),
    select: (d) =>
      d.users.map((u) => ({
        value: String(u.id),
        label: `${u.firstName} ${u.lastName}`.trim() || u.username,
      })),
    retry: false,
  });
}
