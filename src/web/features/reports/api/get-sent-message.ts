import { useQuery } from "@tanstack/react-query";
import { sentRunDetails } from "../../../../domain/reports.schemas";
import { api } from "../../../lib/api-client";
import { sentMessagesKey } from "./keys";

export function getSentMessage(id: number) {
  return api.get(`/api/reports/sent-messages/${id}`, { schema: sentRunDetails });
}

/** One run's figures; refetched every 5 s while its deliveries are still going out. */
export function useSentMessage(id: number | null) {
  return useQuery({
    queryKey: [...sentMessagesKey, "details", id],
    queryFn: () => getSentMessage(id!),
    enabled: id !== null,
    staleTime: 0,
    retry: (n, err) => !(err && "status" in err && err.status === 404) && n < 2,
    refetchInterval: (q) =>
      q.state.data && (q.state.data.state === "sending" || q.state.data.counts.sending > 0)
        ? 5000
        : false,
  });
}
