import { useMutation } from "@tanstack/react-query";
import {
  type ForgotPasswordRequest,
  forgotPasswordResponse,
} from "../../../../domain/auth.schemas";
import { api } from "../../../lib/api-client";

/** 'reset password' of spec doc 3 §7: mails a reset link (same answer for unknown addresses). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordRequest) =>
      api.post("/api/auth/forgot-password", input, {
        schema: forgotPasswordResponse,
        toast: false,
      }),
  });
}
