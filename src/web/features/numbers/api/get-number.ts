import { useQuery } from "@tanstack/react-query";
import { type DedicatedNumber, dedicatedNumber } from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";
import { numbersKeys } from "./keys";
import { listNumbers } from "./list-numbers";

/**
 * One number of the account, or null when the account has no such live number. It is looked up
 * in the account's list first, so an unknown id (an old link, a released number) gives a clean
 * "not found" without a failing request; only an account with more than 500 numbers asks the
 * number's own endpoint.
 */
export function useNumber(id: number) {
  return useQuery({
    queryKey: [...numbersKeys.all, "one", id],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: async (): Promise<DedicatedNumber | null> => {
      const all = await listNumbers({ page: 1, pageSize: 500 });
      const found = all.rows.find((n) => n.id === id);
      if (found) return found;
      if (all.total <= all.rows.length) return null;
      return api.get(`/api/dedicated-numbers/${id}`, { schema: dedicatedNumber }).catch(() => null);
    },
  });
}
