import { useQuery } from "@tanstack/react-query";
import { consentHistoryResponse } from "../../../../domain/subscriber-history.schemas";
import { api } from "../../../lib/api-client";
import { subscriberKeys } from "./keys";

export function useConsentHistory(id: number, enabled = true) {
  return useQuery({
    queryKey: subscriberKeys.consent(id),
    queryFn: () =>
      api
        .get(`/api/subscribers/${id}/consent-history`, { schema: consentHistoryResponse })
        .then((r) => r.rows),
    enabled,
    staleTime: 0,
    retry: false,
  });
}
