import { useQuery } from "@tanstack/react-query";
import { type Group, group, listGroupsResponse } from "../../../../domain/groups.schemas";
import { api } from "../../../lib/api-client";
import { subscriberKeys } from "./keys";

/** Group picker page size (spec doc 2 §9: group and field pickers load 25). */
export const PICKER_PAGE_SIZE = 25;

export interface GroupOptionsParams {
  query: string;
  includeAdaptive: boolean;
  includeNoGroup: boolean;
}

/** Groups for a picker, searched on the server, 25 at a time. */
export function useGroupOptions(params: GroupOptionsParams, enabled = true) {
  return useQuery({
    queryKey: subscriberKeys.groupOptions({ ...params }),
    queryFn: () => {
      const qs = new URLSearchParams({
        page: "0",
        pageSize: String(PICKER_PAGE_SIZE),
        query: params.query,
        includeAdaptive: String(params.includeAdaptive),
        includeNoGroup: String(params.includeNoGroup),
      });
      return api.get(`/api/groups?${qs}`, { schema: listGroupsResponse });
    },
    enabled,
    staleTime: 60_000,
  });
}

/** One group by id (the name of a chosen group that is not on the picker's first page). */
export function useGroup(id: number | null) {
  return useQuery({
    queryKey: subscriberKeys.group(id ?? 0),
    queryFn: (): Promise<Group> => api.get(`/api/groups/${id}`, { schema: group }),
    enabled: id !== null && id > 0,
    retry: false,
  });
}
