import { useMutation } from "@tanstack/react-query";
import { type AdminSignupRequest, adminSignupResponse } from "../../../../domain/signup.schemas";
import { api } from "../../../lib/api-client";

/** Creates the business and its owner; the answer's cookie starts the e-mail verification step. */
export function useAdminSignup() {
  return useMutation({
    mutationFn: (input: AdminSignupRequest) =>
      api.post("/api/auth/admin-signup", input, { schema: adminSignupResponse, toast: false }),
  });
}
