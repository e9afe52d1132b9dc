import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { membershipsResponse } from "../../../../domain/subscriber-history.schemas";
import { api } from "../../../lib/api-client";
import { subscriberKeys } from "./keys";

/** The groups of the subscribers on one table page (static and live adaptive ones). */
export function useMemberships(ids: number[]) {
  return useQuery({
    queryKey: subscriberKeys.memberships(ids),
    queryFn: () =>
      api
        .get(`/api/subscribers/memberships?ids=${ids.join(",")}`, { schema: membershipsResponse })
        .then((r) => r.groups),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
