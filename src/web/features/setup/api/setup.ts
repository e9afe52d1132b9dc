import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type SetupRequest,
  setupLinkResponse,
  setupResponse,
} from "../../../../domain/setup.schemas";
import { api } from "../../../lib/api-client";

/** Whether the setup link can still be used (expired, used or replaced links answer 403). */
export function useSetupLink(token: string) {
  return useQuery({
    queryKey: ["setup-link", token],
    queryFn: () =>
      api.get(`/api/setup/${encodeURIComponent(token)}`, {
        schema: setupLinkResponse,
        allow401: true,
      }),
    enabled: token !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Makes the business and its Owner; the answer's cookie signs the owner in. */
export function useCompleteSetup(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetupRequest) =>
      api.post(`/api/setup/${encodeURIComponent(token)}`, input, {
        schema: setupResponse,
        toast: false,
      }),
    // Whatever this browser held of an earlier session goes; the used link's answer stays, so the
    // page does not ask again (and show "used") on its way to the dashboard.
    onSuccess: () =>
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "setup-link" }),
  });
}
