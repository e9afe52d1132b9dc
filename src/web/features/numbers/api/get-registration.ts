import { useQuery } from "@tanstack/react-query";
import { brandRegistration } from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";
import { numbersKeys } from "./keys";

/** 10DLC brand and campaign registration; owner only, so callers pass `enabled` for others. */
export function useRegistration(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: numbersKeys.registration,
    queryFn: () => api.get("/api/brand-registration", { schema: brandRegistration }),
    enabled: opts.enabled ?? true,
  });
}
