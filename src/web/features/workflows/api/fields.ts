import { useQuery } from "@tanstack/react-query";
import { listCustomFieldsResponse } from "../../../../domain/custom-fields.schemas";
import { api } from "../../../lib/api-client";

/** Every custom field (set a field, a field condition). */
export function useCustomFieldOptions() {
  return useQuery({
    queryKey: ["automations", "all-fields"],
    queryFn: () =>
      api.get("/api/custom-fields?page=0&pageSize=500", { schema: listCustomFieldsResponse }),
    select: (d) => d.rows.map((f) => ({ value: String(f.id), label: f.name })),
  });
}
