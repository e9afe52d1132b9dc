import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type LoginRequest, loginResponse } from "../../../../domain/auth.schemas";
import { api } from "../../../lib/api-client";

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows a failed login itself, so no toast here.
    mutationFn: (input: LoginRequest) =>
      api.post("/api/auth/login", input, { schema: loginResponse, allow401: true, toast: false }),
    // A new session: forget everything cached for whoever was here before.
    onSuccess: () => queryClient.removeQueries(),
  });
}
