import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  apiKeyResponse,
  type CreateApiKeyRequest,
  createdApiKeyResponse,
  listApiKeysResponse,
  listApiRequestsResponse,
} from "../../../../domain/api-keys";
import { api } from "../../../lib/api-client";

export const apiKeysKey = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: [...apiKeysKey, "list"],
    queryFn: () => api.get("/api/api-keys", { schema: listApiKeysResponse }),
  });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyRequest) =>
      api.post("/api/api-keys", input, { schema: createdApiKeyResponse, toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/api-keys/${id}`, { schema: apiKeyResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** The key's recent requests; fetched fresh each time the log is opened. */
export function useApiKeyRequests(id: number | null) {
  return useQuery({
    queryKey: [...apiKeysKey, "requests", id],
    queryFn: () => api.get(`/api/api-keys/${id}/requests`, { schema: listApiRequestsResponse }),
    enabled: id !== null,
    staleTime: 0,
  });
}
