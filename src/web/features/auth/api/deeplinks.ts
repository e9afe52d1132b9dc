import { useQuery } from "@tanstack/react-query";
import { deeplinkResolveResponse } from "../../../../domain/sign-in.schemas";
import { api } from "../../../lib/api-client";

/** 'get deeplink uri by id' (spec doc 3 §7): data.uri; an unknown id answers 404. */
export function useDeeplinkUri(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ["deeplink", id],
    queryFn: () =>
      api.get(`/api/deeplinks/${encodeURIComponent(id)}/uri`, {
        schema: deeplinkResolveResponse,
        allow401: true,
      }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}
