import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Group, group } from "../../../../domain/groups.schemas";
import { api } from "../../../lib/api-client";

/** A new static group, made without leaving the import (the options step). */
export function useCreateImportGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<Group> =>
      api.post("/api/groups", { name, type: "static" }, { schema: group }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["groups"] }),
  });
}
