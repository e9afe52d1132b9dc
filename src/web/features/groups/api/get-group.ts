import { useQuery } from "@tanstack/react-query";
import { group } from "../../../../domain/groups.schemas";
import { api } from "../../../lib/api-client";
import { groupsKey } from "./list-groups";

export function getGroup(id: number) {
  return api.get(`/api/groups/${id}`, { schema: group });
}

/** One group; `id` null (missing or malformed in the address) asks nothing. */
export function useGroup(id: number | null) {
  return useQuery({
    queryKey: [...groupsKey, "detail", id],
    queryFn: () => getGroup(id!),
    enabled: id !== null,
    // A 404 is an answer (not found), not a hiccup worth retrying.
    retry: false,
  });
}
