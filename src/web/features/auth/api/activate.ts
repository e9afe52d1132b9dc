import { useMutation } from "@tanstack/react-query";
import { type ActivateRequest, okResponse } from "../../../../domain/auth.schemas";
import { api } from "../../../lib/api-client";

/** 'set password' of the bundled deal (spec doc 3 §7). */
export function useActivate() {
  return useMutation({
    mutationFn: (input: ActivateRequest) =>
      api.post("/api/auth/activate", input, { schema: okResponse, toast: false }),
  });
}
