import { useMutation } from "@tanstack/react-query";
import { okResponse, type UpdatePasswordRequest } from "../../../../domain/auth.schemas";
import { api } from "../../../lib/api-client";

/** 'update password' of spec doc 3 §7: the new password with the mailed link's token. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: UpdatePasswordRequest) =>
      api.post("/api/auth/reset-password", input, { schema: okResponse, toast: false }),
  });
}
