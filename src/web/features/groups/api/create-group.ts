import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { type createGroupRequest, group } from "../../../../domain/groups.schemas";
import { api } from "../../../lib/api-client";
import { groupsKey } from "./list-groups";

export type CreateGroupInput = z.input<typeof createGroupRequest>;

export function createGroup(input: CreateGroupInput) {
  // The form shows errors next to the input they concern.
  return api.post("/api/groups", input, { schema: group, toast: false });
}

export function useCreateGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => qc.invalidateQueries({ queryKey: groupsKey }),
  });
}
