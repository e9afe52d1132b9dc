import { useQuery } from "@tanstack/react-query";
import { availableNumbersResponse } from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";
import { numbersKeys } from "./keys";

export interface AvailableSearch {
  areaCode?: string;
  tollFree: boolean;
}

/** Numbers the carrier has for sale; asked only when `search` is set (the owner pressed Search). */
export function useAvailableNumbers(search: AvailableSearch | null) {
  return useQuery({
    queryKey: numbersKeys.available(search ?? {}),
    enabled: search !== null,
    // Stock changes as others buy: never serve an old answer.
    staleTime: 0,
    gcTime: 0,
    queryFn: () => {
      const qs = new URLSearchParams({ tollFree: String(search!.tollFree) });
      if (search!.areaCode) qs.set("areaCode", search!.areaCode);
      // Fetches do not toast by default; the modal shows the carrier's answer itself.
      return api.get(`/api/dedicated-numbers/available?${qs}`, {
        schema: availableNumbersResponse,
      });
    },
    retry: false,
  });
}
