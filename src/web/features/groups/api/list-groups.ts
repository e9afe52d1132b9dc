import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listGroupsResponse } from "../../../../domain/groups.schemas";
import { api } from "../../../lib/api-client";

/** Every groups query starts with this key, so one invalidation refreshes lists, details, counts. */
export const groupsKey = ["groups"] as const;

export interface GroupsParams {
  page: number;
  pageSize: number;
  query: string;
}

export function listGroups(p: GroupsParams) {
  const qs = new URLSearchParams({
    page: String(p.page),
    pageSize: String(p.pageSize),
    query: p.query,
    includeAdaptive: "true",
    includeHidden: "true",
    // The server adds 'No Group' (id -1) on the first page, and only for unrestricted users.
    includeNoGroup: "true",
  });
  return api.get(`/api/groups?${qs}`, { schema: listGroupsResponse });
}

export function useGroups(p: GroupsParams) {
  return useQuery({
    queryKey: [...groupsKey, "list", p],
    queryFn: () => listGroups(p),
    placeholderData: keepPreviousData,
  });
}
