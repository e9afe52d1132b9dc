import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { group, type updateGroupRequest } from "../../../../domain/groups.schemas";
import { api } from "../../../lib/api-client";
import { groupsKey } from "./list-groups";

export type UpdateGroupInput = z.input<typeof updateGroupRequest>;

export function updateGroup(id: number, input: UpdateGroupInput, opts: { toast?: boolean } = {}) {
  return api.patch(`/api/groups/${id}`, input, { schema: group, toast: opts.toast });
}

/** Rename, hide / unhide, welcome message, rules. `toast: false` when a form shows the error. */
export function useUpdateGroup(opts: { toast?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; input: UpdateGroupInput }) => updateGroup(v.id, v.input, opts),
    onSuccess: (saved) => {
      qc.setQueryData([...groupsKey, "detail", saved.id], saved);
      return qc.invalidateQueries({ queryKey: groupsKey });
    },
  });
}
