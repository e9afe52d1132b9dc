import { useQuery } from "@tanstack/react-query";
import { virtualThreadResponse } from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";
import { phonesKeys, THREAD_POLL_MS } from "./keys";

/** What one virtual phone received and sent, oldest first; polled while it is open. */
export function useThread(phone: string | null) {
  return useQuery({
    queryKey: phonesKeys.thread(phone ?? ""),
    queryFn: () =>
      api.get(`/api/virtual-phones/${encodeURIComponent(phone!)}/messages`, {
        schema: virtualThreadResponse,
      }),
    enabled: phone !== null,
    staleTime: 0,
    refetchInterval: THREAD_POLL_MS,
  });
}
