import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type cleanUpRequest,
  cleanUpResponse,
} from "../../../../domain/unhealthy-subscribers.schemas";
import { api } from "../../../lib/api-client";
import { unhealthyKey } from "./list-unhealthy";

export type CleanUpInput = z.input<typeof cleanUpRequest>;

export function cleanUp(body: CleanUpInput) {
  return api.post("/api/unhealthy-subscribers/clean-up", body, { schema: cleanUpResponse });
}

/** Deletes or opts out unhealthy subscribers; the subscriber lists elsewhere refresh too. */
export function useCleanUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cleanUp,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: unhealthyKey });
      void qc.invalidateQueries({ queryKey: ["subscribers"] });
    },
  });
}
