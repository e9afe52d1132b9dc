import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import {
  countSubscribersResponse,
  listSubscribersResponse,
} from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";
import { subscriberKeys } from "./keys";

export type SubscriberPage = z.infer<typeof listSubscribersResponse>;
/** Query-string values; a list repeats its key (multi-select options). */
export type ListParams = Record<string, string | string[] | number | undefined>;

function toQueryString(params: ListParams): URLSearchParams {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const item of v) qs.append(k, item);
    else if (v !== undefined && v !== "") qs.set(k, String(v));
  }
  return qs;
}

/** A page without its total: the count comes from useSubscriberCount, so rows never wait for it. */
export function listSubscribers(params: ListParams): Promise<SubscriberPage> {
  const qs = toQueryString({ ...params, withTotal: "false" });
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

/** How many subscribers match the search and filters (the same params, paging ignored). */
export function useSubscriberCount(params: ListParams) {
  const { page: _page, pageSize: _size, sortBy: _by, sortDirection: _dir, ...filter } = params;
  return useQuery({
    queryKey: subscriberKeys.count(filter),
    queryFn: () =>
      api.get(`/api/subscribers/count?${toQueryString(filter)}`, {
        schema: countSubscribersResponse,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
