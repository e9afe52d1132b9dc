import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type GroupRules, rulesPreviewResponse } from "../../../../domain/groups.schemas";
import { api } from "../../../lib/api-client";
import { groupsKey } from "./list-groups";

export function previewRules(rules: GroupRules) {
  // The builder shows the reason under the rule itself; no toast while the person types.
  return api.post(
    "/api/groups/rules-preview",
    { rules },
    { schema: rulesPreviewResponse, toast: false },
  );
}

/** How many subscribers rules not saved yet would match; `rules` null (incomplete) asks nothing. */
export function useRulesPreview(rules: GroupRules | null) {
  return useQuery({
    queryKey: [...groupsKey, "rules-preview", rules],
    queryFn: () => previewRules(rules!),
    enabled: rules !== null,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
    select: (r) => r.memberCount,
  });
}
