import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listCustomFieldsResponse } from "../../../../domain/custom-fields.schemas";
import { api } from "../../../lib/api-client";

export const customFieldsKey = ["custom-fields"] as const;

export interface CustomFieldsParams {
  page: number;
  pageSize: number;
  query: string;
}

export function listCustomFields(p: CustomFieldsParams) {
  const qs = new URLSearchParams({
    page: String(p.page),
    pageSize: String(p.pageSize),
    query: p.query,
  });
  return api.get(`/api/custom-fields?${qs}`, { schema: listCustomFieldsResponse });
}

/** One page of the account's custom fields; the previous page stays on screen while the next loads. */
export function useCustomFields(p: CustomFieldsParams) {
  return useQuery({
    queryKey: [...customFieldsKey, "list", p],
    queryFn: () => listCustomFields(p),
    placeholderData: keepPreviousData,
  });
}
