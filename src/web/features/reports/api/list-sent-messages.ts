import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type RunState, sentMessagesResponse } from "../../../../domain/reports.schemas";
import { api } from "../../../lib/api-client";
import { sentMessagesKey } from "./keys";

export interface SentMessagesFilter {
  from?: string;
  to?: string;
  query: string;
  state?: RunState;
}

function filterParams(f: SentMessagesFilter): URLSearchParams {
  const qs = new URLSearchParams();
  if (f.from) qs.set("from", f.from);
  if (f.to) qs.set("to", f.to);
  if (f.query) qs.set("query", f.query);
  if (f.state) qs.set("state", f.state);
  return qs;
}

/** Where the CSV export of the list under this filter starts (a POST; see useCsvExport). */
export const sentMessagesCsvUrl = (f: SentMessagesFilter) => {
  const qs = filterParams(f).toString();
  return `/api/reports/sent-messages/export${qs ? `?${qs}` : ""}`;
};

export function listSentMessages(p: SentMessagesFilter & { page: number; pageSize: number }) {
  const qs = filterParams(p);
  qs.set("page", String(p.page));
  qs.set("pageSize", String(p.pageSize));
  return api.get(`/api/reports/sent-messages?${qs}`, { schema: sentMessagesResponse });
}

/**
 * A page of sent messages. While a run on it is still going out, the page refetches every 5 s
 * (and at once on each delivery status pushed over the realtime socket, see the page).
 */
export function useSentMessages(p: SentMessagesFilter & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...sentMessagesKey, "list", p],
    queryFn: () => listSentMessages(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.rows.some((r) => r.state === "sending" || r.counts.sending > 0) ? 5000 : false,
  });
}
