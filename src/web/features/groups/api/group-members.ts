import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { bulkResponse, listSubscribersResponse } from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";
import { groupsKey } from "./list-groups";

export interface MembersParams {
  groupId: number;
  page: number;
  pageSize: number;
  query: string;
  sortBy: "date" | "name" | "phone";
  sortDirection: "ASC" | "DESC";
}

/** The members of a group: the subscriber list filtered by it (adaptive groups evaluated live). */
export function listMembers(p: MembersParams) {
  const qs = new URLSearchParams({
    group: String(p.groupId),
    page: String(p.page),
    pageSize: String(p.pageSize),
    sortBy: p.sortBy,
    sortDirection: p.sortDirection,
  });
  if (p.query) qs.set("query", p.query);
  return api.get(`/api/subscribers?${qs}`, { schema: listSubscribersResponse });
}

export function useGroupMembers(p: MembersParams) {
  return useQuery({
    queryKey: [...groupsKey, "members", p],
    queryFn: () => listMembers(p),
    placeholderData: keepPreviousData,
  });
}

function useMembershipChange(path: "members" | "members/remove") {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { groupId: number; subscriberIds: number[] }) =>
      api.post(
        `/api/groups/${v.groupId}/${path}`,
        { subscriberIds: v.subscriberIds },
        { schema: bulkResponse },
      ),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: groupsKey }),
        // Subscriber screens show group membership too.
        qc.invalidateQueries({ queryKey: ["subscribers"] }),
      ]),
  });
}

/** Puts subscribers into a static group; answers how many were new members. */
export function useAddMembers() {
  return useMembershipChange("members");
}

/** Takes subscribers out of a static group (they stay in the account). */
export function useRemoveMembers() {
  return useMembershipChange("members/remove");
}
