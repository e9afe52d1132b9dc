import { useQuery } from "@tanstack/react-query";
import {
  type CustomField,
  customFieldYearsResponse,
  listCustomFieldsResponse,
} from "../../../../domain/custom-fields.schemas";
import { api } from "../../../lib/api-client";
import { subscriberKeys } from "./keys";

/** Every custom field of the account (a few dozen at most; the API pages at up to 500). */
export function useCustomFields() {
  return useQuery({
    queryKey: subscriberKeys.fields,
    queryFn: (): Promise<CustomField[]> =>
      api
        .get("/api/custom-fields?page=0&pageSize=500", { schema: listCustomFieldsResponse })
        .then((r) => r.rows),
    staleTime: 60_000,
  });
}

/** The years that occur in a date field, for the year picker of the attribute filter. */
export function useFieldYears(id: number | null) {
  return useQuery({
    queryKey: subscriberKeys.fieldYears(id ?? 0),
    queryFn: () =>
      api
        .get(`/api/custom-fields/${id}/years`, { schema: customFieldYearsResponse })
        .then((r) => r.years),
    enabled: id !== null,
    retry: false,
  });
}
