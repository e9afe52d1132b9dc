import { useQuery } from "@tanstack/react-query";
import { listGroupsResponse } from "../../../../domain/groups.schemas";
import { listNumbersResponse } from "../../../../domain/numbers.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import { api } from "../../../lib/api-client";

export interface Option {
  value: string;
  label: string;
}

/** The account's groups, for the user form's group picker. */
export function useGroupOptions(enabled: boolean) {
  return useQuery({
    queryKey: ["groups", "options", "users"],
    enabled,
    queryFn: async (): Promise<Option[]> => {
      const res = await api.get(
        "/api/groups?page=0&pageSize=500&includeAdaptive=true&includeHidden=true&includeNoGroup=false",
        { schema: listGroupsResponse },
      );
      return res.rows.map((g) => ({ value: String(g.id), label: g.name }));
    },
  });
}

/** The account's numbers, for the user form's number picker. */
export function useNumberOptions(enabled: boolean) {
  return useQuery({
    queryKey: ["dedicated-numbers", "options", "users"],
    enabled,
    queryFn: async (): Promise<Option[]> => {
      const res = await api.get("/api/dedicated-numbers?page=1&pageSize=500", {
        schema: listNumbersResponse,
      });
      return res.rows.map((n) => ({
        value: String(n.id),
        label: n.name ? `${formatUsNumber(n.number)} · ${n.name}` : formatUsNumber(n.number),
      }));
    },
  });
}
