import { useMutation, useQueryClient } from "@tanstack/react-query";
import { okResponse } from "../../../../domain/auth.schemas";
import { api } from "../../../lib/api-client";
import { usersKey } from "./keys";

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/users/${id}`, { schema: okResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
