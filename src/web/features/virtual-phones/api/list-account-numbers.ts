import { useQuery } from "@tanstack/react-query";
import { listNumbersResponse } from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";

/** The account's numbers a virtual phone can text (the pickers' page size of 500). */
export function useAccountNumbers(opts: { enabled: boolean }) {
  return useQuery({
    queryKey: ["dedicated-numbers", "list", { page: 1, pageSize: 500 }],
    queryFn: () =>
      api.get("/api/dedicated-numbers?page=1&pageSize=500", { schema: listNumbersResponse }),
    enabled: opts.enabled,
  });
}
