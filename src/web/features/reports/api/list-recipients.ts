import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { StatusGroup } from "../../../../domain/delivery-status";
import { recipientsResponse } from "../../../../domain/reports.schemas";
import { api } from "../../../lib/api-client";
import { sentMessagesKey } from "./keys";

export interface RecipientsParams {
  page: number;
  pageSize: number;
  group?: StatusGroup;
  query: string;
}

export function listRecipients(id: number, p: RecipientsParams) {
  const qs = new URLSearchParams({ page: String(p.page), pageSize: String(p.pageSize) });
  if (p.group) qs.set("group", p.group);
  if (p.query) qs.set("query", p.query);
  return api.get(`/api/reports/sent-messages/${id}/recipients?${qs}`, {
    schema: recipientsResponse,
  });
}

export const recipientsCsvUrl = (id: number, group?: StatusGroup) =>
  `/api/reports/sent-messages/${id}/recipients/export${group ? `?group=${group}` : ""}`;

/** A page of a run's recipients; asked only once the run itself loaded (`id` null until then). */
export function useRecipients(id: number | null, p: RecipientsParams, live: boolean) {
  return useQuery({
    queryKey: [...sentMessagesKey, "recipients", id, p],
    queryFn: () => listRecipients(id!, p),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: live ? 5000 : false,
  });
}
