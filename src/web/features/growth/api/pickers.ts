import { useQuery } from "@tanstack/react-query";
import { listCustomFieldsResponse } from "../../../../domain/custom-fields.schemas";
import { listGroupsResponse } from "../../../../domain/groups.schemas";
import { listNumbersResponse } from "../../../../domain/numbers.schemas";
import { numberLabel } from "../../../../domain/phone";
import { api } from "../../../lib/api-client";

/** The account's live numbers, for "which number" pickers of the growth tools. */
export function useNumberOptions() {
  return useQuery({
    queryKey: ["growth", "numbers"],
    queryFn: () =>
      api.get("/api/dedicated-numbers?page=1&pageSize=500", { schema: listNumbersResponse }),
    select: (r) =>
      r.rows.map((n) => ({
        value: String(n.id),
        label: numberLabel(n.number, n.name),
        number: n.number,
      })),
  });
}

/**
 * Static groups a join can add people to (adaptive groups fill themselves by rules); pickers
 * offer them through `offeredGroups`, which leaves hidden ones out.
 */
export function useGroupOptions() {
  return useQuery({
    queryKey: ["growth", "groups"],
    queryFn: () =>
      api.get("/api/groups?page=0&pageSize=500&query=", { schema: listGroupsResponse }),
    select: (r) =>
      r.rows
        .filter((g) => g.type === "static" && g.id > 0)
        .map((g) => ({ value: String(g.id), label: g.name, hidden: g.hidden })),
  });
}

/** The account's custom fields, for the sign-up page's field list. */
export function useCustomFieldOptions() {
  return useQuery({
    queryKey: ["growth", "custom-fields"],
    queryFn: () =>
      api.get("/api/custom-fields?page=0&pageSize=500", { schema: listCustomFieldsResponse }),
    select: (r) => r.rows,
  });
}
