import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { conversationMessage } from "../../../../domain/inbox.schemas";
import {
  type InboxAlerts,
  inboxAlerts,
  inboxLabel,
  inboxLabelsResponse,
  type LabelColor,
  type SnoozeRequest,
} from "../../../../domain/inbox-tools";
import { api } from "../../../lib/api-client";
import { appendToThread, refreshInbox } from "./inbox-api";

const message = z.object({ message: z.string() });
const labelsKey = ["inbox", "labels"] as const;
const alertsKey = ["inbox", "alerts"] as const;

export function useAddNote(conversationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post(
        `/api/inbox/conversations/${conversationId}/notes`,
        { body },
        { schema: conversationMessage },
      ),
    onSuccess: (note) => {
      appendToThread(qc, conversationId, note);
      refreshInbox(qc, [conversationId]);
    },
  });
}

export function useLabels() {
  return useQuery({
    queryKey: labelsKey,
    queryFn: () => api.get("/api/inbox/labels", { schema: inboxLabelsResponse }),
  });
}

export function useCreateLabel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { name: string; color: LabelColor }) =>
      api.post("/api/inbox/labels", v, { schema: inboxLabel }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: labelsKey }),
  });
}

export function useDeleteLabel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/inbox/labels/${id}`, { schema: message }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: labelsKey });
      refreshInbox(qc);
      void qc.invalidateQueries({ queryKey: ["inbox", "conversation"] });
    },
  });
}

export function useSetLabels(conversationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (labelIds: number[]) =>
      api.put(
        `/api/inbox/conversations/${conversationId}/labels`,
        { labelIds },
        { schema: message },
      ),
    onSuccess: () => refreshInbox(qc, [conversationId]),
  });
}

export function useSnooze(conversationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: SnoozeRequest | null) =>
      req
        ? api.post(`/api/inbox/conversations/${conversationId}/snooze`, req, { schema: message })
        : api.delete(`/api/inbox/conversations/${conversationId}/snooze`, { schema: message }),
    onSuccess: () => refreshInbox(qc, [conversationId]),
  });
}

export function useAlerts() {
  return useQuery({
    queryKey: alertsKey,
    queryFn: () => api.get("/api/inbox/alerts", { schema: inboxAlerts }),
  });
}

export function useSaveAlerts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: InboxAlerts) =>
      api.put("/api/inbox/alerts", v, { schema: inboxAlerts.extend({ message: z.string() }) }),
    onSuccess: (saved) =>
      qc.setQueryData(alertsKey, { desktopAlerts: saved.desktopAlerts, sound: saved.sound }),
  });
}
