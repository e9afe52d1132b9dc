import { useQuery } from "@tanstack/react-query";
import { listCustomFieldsResponse } from "../../../../domain/custom-fields.schemas";
import { listGroupsResponse } from "../../../../domain/groups.schemas";
import { api } from "../../../lib/api-client";

/** The account's custom fields: columns can be imported into them. */
export function useImportFields() {
  return useQuery({
    queryKey: ["custom-fields", "import-targets"],
    queryFn: () =>
      api.get("/api/custom-fields?page=0&pageSize=500", { schema: listCustomFieldsResponse }),
    // Fresh on each visit: an attribute made for this import should be offered at once.
    staleTime: 0,
  });
}

/** Static groups (adaptive ones fill themselves by their rules), hidden ones included. */
export function useImportGroups() {
  return useQuery({
    queryKey: ["groups", "import-targets"],
    queryFn: () =>
      api.get("/api/groups?page=0&pageSize=500&includeAdaptive=false", {
        schema: listGroupsResponse,
      }),
    staleTime: 30_000,
  });
}
