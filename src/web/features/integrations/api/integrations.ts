import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { createdApiKeyResponse } from "../../../../domain/api-keys";
import {
  customerIoDetailResponse,
  integrationStatusResponse,
  listIntegrationsResponse,
  zapierDetailResponse,
} from "../../../../domain/integrations";
import { api } from "../../../lib/api-client";

export const integrationsKey = ["integrations"] as const;

export function useIntegrations() {
  return useQuery({
    queryKey: [...integrationsKey, "list"],
    queryFn: () => api.get("/api/integrations", { schema: listIntegrationsResponse }),
  });
}

export function useZapier() {
  return useQuery({
    queryKey: [...integrationsKey, "zapier"],
    queryFn: () => api.get("/api/integrations/zapier", { schema: zapierDetailResponse }),
  });
}

export type ProviderPath = "hubspot" | "customer-io";

export function useIntegration(path: ProviderPath) {
  return useQuery({
    queryKey: [...integrationsKey, path],
    queryFn: () => api.get(`/api/integrations/${path}`, { schema: integrationStatusResponse }),
  });
}

export function useConnectHubspot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { accessToken: string }) =>
      api.put("/api/integrations/hubspot", input, {
        schema: integrationStatusResponse,
        toast: false,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationsKey }),
  });
}

export function useConnectCustomerIo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { siteId: string; apiKey: string }) =>
      api.put("/api/integrations/customer-io", input, {
        schema: customerIoDetailResponse,
        toast: false,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationsKey }),
  });
}

export function useSyncNow(path: ProviderPath) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`/api/integrations/${path}/sync`, {}, { schema: integrationStatusResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationsKey }),
  });
}

export function useDisconnect(path: ProviderPath | "zapier") {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/api/integrations/${path}`, { schema: z.unknown() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationsKey }),
  });
}

/** The key Zapier signs in with: subscribers, messages and webhooks (for its REST hooks). */
export function useCreateZapierKey() {
  return useMutation({
    mutationFn: () =>
      api.post(
        "/api/api-keys",
        {
          name: "Zapier",
          scopes: ["subscribers:write", "groups:write", "messages:write", "webhooks:write"],
        },
        { schema: createdApiKeyResponse },
      ),
  });
}
