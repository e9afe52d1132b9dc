import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  type VoiceBroadcastInput,
  voiceBroadcastRow,
  voiceCallRow,
} from "../../../../domain/voice";
import { api } from "../../../lib/api-client";

export const phoneMessagesKey = ["phone-messages"] as const;
const list = z.object({ rows: z.array(voiceBroadcastRow) });
export const broadcastDetail = voiceBroadcastRow.extend({ calls: z.array(voiceCallRow) });
const audience = z.object({
  callable: z.number(),
  noVoiceConsent: z.number(),
  optedOut: z.number(),
  blocked: z.number(),
  balance: z.number(),
});

export function useBroadcasts(status?: "scheduled") {
  return useQuery({
    queryKey: [...phoneMessagesKey, "list", status ?? "all"],
    queryFn: () =>
      api.get(`/api/phone-messages${status ? `?status=${status}` : ""}`, { schema: list }),
    // Calls move on by themselves (ringing → completed): keep the results current.
    refetchInterval: 5000,
  });
}

export function useBroadcast(id: number | null) {
  return useQuery({
    queryKey: [...phoneMessagesKey, "detail", id],
    queryFn: () => api.get(`/api/phone-messages/${id}`, { schema: broadcastDetail }),
    enabled: id !== null,
  });
}

export function useAudience(recipients: VoiceBroadcastInput["recipients"]) {
  return useQuery({
    queryKey: [...phoneMessagesKey, "audience", recipients],
    queryFn: () =>
      api.post("/api/phone-messages/audience", { recipients }, { schema: audience, toast: false }),
  });
}

export function useSaveBroadcast(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VoiceBroadcastInput) =>
      id === null
        ? api.post("/api/phone-messages", body, { schema: broadcastDetail })
        : api.put(`/api/phone-messages/${id}`, body, { schema: broadcastDetail }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: phoneMessagesKey }),
  });
}

export function useCancelBroadcast() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete(`/api/phone-messages/${id}`, { schema: broadcastDetail }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: phoneMessagesKey }),
  });
}

/** The URL of the text spoken as the call will say it, for an <audio> element. */
export function previewUrl(text: string, voice: string): string {
  return `/api/phone-messages/preview?${new URLSearchParams({ text, voice })}`;
}
