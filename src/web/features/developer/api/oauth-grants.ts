import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { listGrantsResponse } from "../../../../domain/mcp-oauth";
import { api } from "../../../lib/api-client";

const key = ["oauth-grants"] as const;

export function useOAuthGrants() {
  return useQuery({
    queryKey: key,
    queryFn: () => api.get("/api/oauth/grants", { schema: listGrantsResponse }),
  });
}

export function useRevokeGrant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/oauth/grants/${id}`, { schema: z.unknown() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
