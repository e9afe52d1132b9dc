import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type UpdateUserRequest, userRow } from "../../../../domain/users.schemas";
import { api } from "../../../lib/api-client";
import { usersKey } from "./keys";

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserRequest }) =>
      api.put(`/api/users/${id}`, input, { schema: userRow, toast: false }),
    // The signed-in user may have edited themselves: their name in the top bar follows.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        queryClient.invalidateQueries({ queryKey: ["me"] }),
      ]),
  });
}
