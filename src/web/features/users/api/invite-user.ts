import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type InviteUserRequest, inviteRow } from "../../../../domain/users.schemas";
import { api } from "../../../lib/api-client";
import { usersKey } from "./keys";

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows field errors itself.
    mutationFn: (input: InviteUserRequest) =>
      api.post("/api/users/invites", input, { schema: inviteRow, toast: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
