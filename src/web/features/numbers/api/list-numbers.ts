import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { type listNumbersQuery, listNumbersResponse } from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";
import { numbersKeys } from "./keys";

export type ListNumbersParams = z.input<typeof listNumbersQuery>;

export function listNumbers(params: ListNumbersParams) {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") qs.set(key, String(value));
  }
  return api.get(`/api/dedicated-numbers?${qs}`, { schema: listNumbersResponse });
}

/** One page of the account's numbers; the previous page stays on screen while the next loads. */
export function useNumbers(params: ListNumbersParams) {
  return useQuery({
    queryKey: numbersKeys.list(params),
    queryFn: () => listNumbers(params),
    placeholderData: keepPreviousData,
  });
}

/** Every number of the account (the pickers' page size of 500). */
export function useAllNumbers() {
  return useNumbers({ page: 1, pageSize: 500 });
}
