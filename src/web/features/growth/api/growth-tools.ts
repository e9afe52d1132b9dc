import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  growthOverview,
  type OptinPageInput,
  optinPageListResponse,
  optinPageResponse,
  type QrTemplateInput,
  qrTemplateListResponse,
  qrTemplateResponse,
  type WebBannerConfig,
  webBannerResponse,
} from "../../../../domain/growth-tools";
import { api } from "../../../lib/api-client";

const qrKey = ["qr-templates"] as const;
const pagesKey = ["optin-pages"] as const;
const bannerKey = ["web-banner"] as const;
const overviewKey = ["growth-overview"] as const;

export function useQrTemplates() {
  return useQuery({
    queryKey: qrKey,
    queryFn: () => api.get("/api/qr-templates", { schema: qrTemplateListResponse }),
  });
}

export function useSaveQrTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: QrTemplateInput }) =>
      id === null
        ? api.post("/api/qr-templates", input, { schema: qrTemplateResponse })
        : api.put(`/api/qr-templates/${id}`, input, { schema: qrTemplateResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qrKey }),
  });
}

export function useDeleteQrTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/qr-templates/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: qrKey }),
  });
}

export function useOptinPages() {
  return useQuery({
    queryKey: pagesKey,
    queryFn: () => api.get("/api/optin-pages", { schema: optinPageListResponse }),
  });
}

export function useSaveOptinPage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: OptinPageInput }) =>
      id === null
        ? api.post("/api/optin-pages", input, { schema: optinPageResponse, toast: false })
        : api.put(`/api/optin-pages/${id}`, input, { schema: optinPageResponse, toast: false }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: pagesKey });
      qc.invalidateQueries({ queryKey: overviewKey });
    },
  });
}

export function useDeleteOptinPage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/optin-pages/${id}`),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: pagesKey });
      qc.invalidateQueries({ queryKey: overviewKey });
    },
  });
}

export function useWebBanner() {
  return useQuery({
    queryKey: bannerKey,
    queryFn: () => api.get("/api/web-banner", { schema: webBannerResponse }),
  });
}

export function useSaveWebBanner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (config: WebBannerConfig) =>
      api.put("/api/web-banner", config, { schema: webBannerResponse }),
    onSuccess: (data) => qc.setQueryData(bannerKey, data),
  });
}

export function useGrowthOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: () => api.get("/api/growth/overview", { schema: growthOverview }),
  });
}
