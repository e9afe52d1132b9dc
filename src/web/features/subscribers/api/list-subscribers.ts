import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { listSubscribersResponse } from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";
import { subscriberKeys } from "./keys";

export type SubscriberPage = z.infer<typeof listSubscribersResponse>;
/** Query-string values; a list repeats its key (multi-select options). */
export type ListParams = Record<string, string | string[] | number | undefined>;

export function listSubscribers(params: ListParams): Promise<SubscriberPage> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const item of v) qs.append(k, item);
    else if (v !== undefined && v !== "") qs.set(k, String(v));
  }
  return api.get(`/api/subscribers?${qs}`, { schema: listSubscribersResponse });
}

/** One page of the table; the previous page stays on screen while the next one loads. */
export function useSubscribers(params: ListParams) {
  return useQuery({
    queryKey: subscriberKeys.list(params),
    queryFn: () => listSubscribers(params),
    placeholderData: keepPreviousData,
    // The table is the place people come to see changes; do not serve a 10-minute-old page.
    staleTime: 0,
  });
}
