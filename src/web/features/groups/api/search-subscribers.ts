import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listSubscribersResponse } from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";

/** Subscribers matching a name, phone or e-mail search, for picking people to add to a group. */
export function searchSubscribers(query: string, page: number) {
  const qs = new URLSearchParams({
    page: String(page),
    pageSize: "10",
    sortBy: "name",
    sortDirection: "ASC",
  });
  if (query) qs.set("query", query);
  return api.get(`/api/subscribers?${qs}`, { schema: listSubscribersResponse });
}

export function useSubscriberSearch(query: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ["subscribers", "group-picker", query, page],
    queryFn: () => searchSubscribers(query, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
