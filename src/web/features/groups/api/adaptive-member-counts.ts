import { useQuery } from "@tanstack/react-query";
import { adaptiveCountsResponse } from "../../../../domain/groups.schemas";
import { api } from "../../../lib/api-client";
import { groupsKey } from "./list-groups";

/** bulkGetAdaptiveGroupMemberCount (spec doc 1 §7): live counts of several groups in one call. */
export function getAdaptiveMemberCounts(groupIds: number[]) {
  // Counts fail silently (spec doc 2 §8): the cell shows a dash instead.
  return api.post(
    "/api/groups/adaptive-member-counts",
    { groupIds },
    { schema: adaptiveCountsResponse, toast: false },
  );
}

export function useAdaptiveMemberCounts(groupIds: number[]) {
  const ids = [...groupIds].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...groupsKey, "adaptive-counts", ids],
    queryFn: () => getAdaptiveMemberCounts(ids),
    enabled: ids.length > 0,
    // Rules match live data: a count a minute old is old enough to ask again.
    staleTime: 60_000,
    select: (r) => r.memberCounts,
  });
}
