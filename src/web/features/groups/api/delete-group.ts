import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { groupsKey } from "./list-groups";

/** Deletes the group; its subscribers stay in the account. */
export function deleteGroup(id: number) {
  return api.delete<void>(`/api/groups/${id}`);
}

export function useDeleteGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: [...groupsKey, "detail", id] });
      return qc.invalidateQueries({ queryKey: groupsKey });
    },
  });
}
