import { useQuery } from "@tanstack/react-query";
import { virtualPhonesResponse } from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";
import { LIST_POLL_MS, phonesKeys } from "./keys";

/** The outside numbers the account's numbers exchanged texts with, newest first. */
export function useVirtualPhones(opts: { enabled: boolean }) {
  return useQuery({
    queryKey: phonesKeys.list,
    queryFn: () => api.get("/api/virtual-phones", { schema: virtualPhonesResponse }),
    enabled: opts.enabled,
    staleTime: 0,
    refetchInterval: LIST_POLL_MS,
  });
}
