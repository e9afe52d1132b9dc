import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CreateWebhookRequest,
  createdWebhookResponse,
  listWebhookDeliveriesResponse,
  listWebhooksResponse,
  type UpdateWebhookRequest,
  webhookDeliveryResponse,
  webhookResponse,
} from "../../../../domain/webhooks";
import { api } from "../../../lib/api-client";

export const webhooksKey = ["webhooks"] as const;

export function useWebhooks() {
  return useQuery({
    queryKey: [...webhooksKey, "list"],
    queryFn: () => api.get("/api/webhooks", { schema: listWebhooksResponse }),
  });
}

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookRequest) =>
      api.post("/api/webhooks", input, { schema: createdWebhookResponse, toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; input: UpdateWebhookRequest }) =>
      api.patch(`/api/webhooks/${v.id}`, v.input, { schema: webhookResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/webhooks/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useWebhookDeliveries(id: number | null) {
  return useQuery({
    queryKey: [...webhooksKey, "deliveries", id],
    queryFn: () =>
      api.get(`/api/webhooks/${id}/deliveries`, { schema: listWebhookDeliveriesResponse }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: 5_000,
  });
}

export function useReplayDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; deliveryId: number }) =>
      api.post(`/api/webhooks/${v.id}/deliveries/${v.deliveryId}/replay`, undefined, {
        schema: webhookDeliveryResponse,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhooksKey }),
  });
}
