import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  hasTfaResponse,
  okResponse,
  type ValidateTfaRequest,
} from "../../../../domain/auth.schemas";
import { api } from "../../../lib/api-client";

/** hasTFA (spec doc 1 §7): which code this sign-in asks for. */
export function useHasTfa(enabled: boolean) {
  return useQuery({
    queryKey: ["tfa"],
    queryFn: () => api.get("/api/auth/tfa", { schema: hasTfaResponse, allow401: true }),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** sendTFASMS: a new code by text (at most 10 per sign-in). */
export function useSendTfaSms() {
  return useMutation({
    mutationFn: () =>
      api.post("/api/auth/tfa/sms", undefined, {
        schema: okResponse,
        toast: false,
        allow401: true,
      }),
  });
}

/** validateTFA: the code opens the session; 'remember this device for 30 days' is sent along. */
export function useValidateTfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ValidateTfaRequest) =>
      api.post("/api/auth/tfa/validate", input, {
        schema: okResponse,
        toast: false,
        allow401: true,
      }),
    onSuccess: () => queryClient.removeQueries(),
  });
}
