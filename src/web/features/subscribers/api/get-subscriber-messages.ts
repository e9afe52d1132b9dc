import { useInfiniteQuery } from "@tanstack/react-query";
import { subscriberMessagesResponse } from "../../../../domain/subscriber-history.schemas";
import { api } from "../../../lib/api-client";
import { subscriberKeys } from "./keys";

const PAGE_SIZE = 20;

/** Messages with the subscriber's number, newest first; older pages load on demand. */
export function useSubscriberMessages(id: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: subscriberKeys.messages(id),
    queryFn: ({ pageParam }) =>
      api.get(`/api/subscribers/${id}/messages?page=${pageParam}&pageSize=${PAGE_SIZE}`, {
        schema: subscriberMessagesResponse,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      (last.page + 1) * last.pageSize < last.total ? last.page + 1 : undefined,
    enabled,
    staleTime: 0,
    retry: false,
  });
}
