import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { okResponse } from "../../../../domain/auth.schemas";
import { type AcceptInviteRequest, verifyInviteResponse } from "../../../../domain/users.schemas";
import { api } from "../../../lib/api-client";

/** 'verify invite' of spec doc 3 §7: an expired or used key answers 404. */
export function useVerifyInvite(key: string) {
  return useQuery({
    queryKey: ["invite", key],
    queryFn: () =>
      api.get(`/api/users/invites/verify?key=${encodeURIComponent(key)}`, {
        schema: verifyInviteResponse,
        allow401: true,
      }),
    enabled: key !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** 'create user' of spec doc 3 §7: on success the new user is signed in. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInviteRequest) =>
      api.post("/api/users/invites/accept", input, { schema: okResponse, toast: false }),
    onSuccess: () => queryClient.removeQueries(),
  });
}
