import { useQuery } from "@tanstack/react-query";
import { listCustomFieldsResponse } from "../../../../domain/custom-fields.schemas";
import { api } from "../../../lib/api-client";

/**
 * Every custom field of the account, for the rule builder: a saved rule names its field by id,
 * so the builder needs them all (not a page) to show each rule's field, type and options.
 */
export function getRuleFields() {
  return api
    .get("/api/custom-fields?page=0&pageSize=500", { schema: listCustomFieldsResponse })
    .then((r) => r.rows);
}

/** Keyed under "custom-fields" so a change on the attributes page refreshes it too. */
export function useRuleFields(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["custom-fields", "all-for-rules"],
    queryFn: getRuleFields,
    enabled: opts.enabled,
  });
}
