import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type ForgotPasswordRequest,
  forgotPasswordResponse,
} from "../../../../domain/auth.schemas";
import { api } from "../../../lib/api-client";

/** 'reset password' of spec doc 3 §7: mails a reset link (same answer for unknown addresses). */
export function useForgotPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ForgotPasswordRequest) =>
      api.post("/api/auth/forgot-password", input, {
        schema: forgotPasswordResponse,
        toast: false,
      }),
    // A new request: the preview of an earlier one (another address) is not its mail.
    onSuccess: () => queryClient.removeQueries({ queryKey: ["pending-mail"] }),
  });
}
