import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api-client";
import { THREAD_POLL_MS } from "./keys";

const virtualCalls = z.object({
  rows: z.array(
    z.object({
      sid: z.string(),
      from: z.string(),
      to: z.string(),
      text: z.string(),
      language: z.string(),
      status: z.string(),
      durationSeconds: z.number().nullable(),
      hasAudio: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type VirtualCall = z.infer<typeof virtualCalls>["rows"][number];

/** The voice calls a virtual phone received, oldest first; polled while it is open. */
export function useCalls(phone: string) {
  return useQuery({
    queryKey: ["virtual-phones", "calls", phone],
    queryFn: () =>
      api.get(`/api/virtual-phones/${encodeURIComponent(phone)}/calls`, { schema: virtualCalls }),
    staleTime: 0,
    refetchInterval: THREAD_POLL_MS,
  });
}
