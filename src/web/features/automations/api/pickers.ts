import { useQuery } from "@tanstack/react-query";
import { listCustomFieldsResponse } from "../../../../domain/custom-fields.schemas";
import { listGroupsResponse } from "../../../../domain/groups.schemas";
import { listNumbersResponse } from "../../../../domain/numbers.schemas";
import { numberLabel } from "../../../../domain/phone";
import { api } from "../../../lib/api-client";

/** The account's numbers, for "answer on" and "send from" pickers. */
export function useNumberOptions() {
  return useQuery({
    queryKey: ["automations", "numbers"],
    queryFn: () =>
      api.get("/api/dedicated-numbers?page=1&pageSize=500", { schema: listNumbersResponse }),
    select: (d) =>
      d.rows.map((n) => ({
        value: String(n.longcodeId),
        label: numberLabel(n.number, n.name),
      })),
  });
}

/**
 * Static groups (people join them; adaptive groups have no join moment); pickers offer them
 * through `offeredGroups`, which leaves hidden ones out.
 */
export function useGroupOptions() {
  return useQuery({
    queryKey: ["automations", "groups"],
    queryFn: () =>
      api.get("/api/groups?page=0&pageSize=500&includeAdaptive=false&includeNoGroup=false", {
        schema: listGroupsResponse,
      }),
    select: (d) =>
      d.rows
        .filter((g) => g.id > 0)
        .map((g) => ({ value: String(g.id), label: g.name, hidden: g.hidden })),
  });
}

/** Custom fields of type date (birthday, renewal date …). */
export function useDateFieldOptions() {
  return useQuery({
    queryKey: ["automations", "date-fields"],
    queryFn: () =>
      api.get("/api/custom-fields?page=0&pageSize=500", { schema: listCustomFieldsResponse }),
    select: (d) =>
      d.rows.filter((f) => f.type === "date").map((f) => ({ value: String(f.id), label: f.name })),
  });
}
