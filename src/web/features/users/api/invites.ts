import { useMutation, useQueryClient } from "@tanstack/react-query";
import { okResponse } from "../../../../domain/auth.schemas";
import { inviteRow } from "../../../../domain/users.schemas";
import { api } from "../../../lib/api-client";
import { usersKey } from "./keys";

/** A new link by e-mail (the old one stops working) and a fresh expiry. */
export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/api/users/invites/${id}/resend`, undefined, { schema: inviteRow }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/users/invites/${id}`, { schema: okResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
