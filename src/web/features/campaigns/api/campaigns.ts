import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  campaignCandidates,
  campaignDetail,
  listCampaignsResponse,
} from "../../../../domain/campaigns.schemas";
import { api } from "../../../lib/api-client";

export const campaignsKey = ["campaigns"] as const;

export function useCampaigns() {
  return useQuery({
    queryKey: [...campaignsKey, "list"],
    queryFn: () => api.get("/api/campaigns", { schema: listCampaignsResponse }),
  });
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: [...campaignsKey, "one", id],
    queryFn: () => api.get(`/api/campaigns/${id}`, { schema: campaignDetail }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

export function useCampaignCandidates(enabled: boolean) {
  return useQuery({
    queryKey: [...campaignsKey, "candidates"],
    queryFn: () => api.get("/api/campaigns/candidates", { schema: campaignCandidates }),
    enabled,
    staleTime: 0,
  });
}

/** Creates (no id) or renames a campaign. */
export function useSaveCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number | null; name: string }) =>
      p.id === null
        ? api.post("/api/campaigns", { name: p.name }, { schema: campaignDetail, toast: false })
        : api.put(
            `/api/campaigns/${p.id}`,
            { name: p.name },
            { schema: campaignDetail, toast: false },
          ),
    onSettled: () => qc.invalidateQueries({ queryKey: campaignsKey }),
  });
}

export function useDeleteCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/campaigns/${id}`),
    // The deleted campaign's own query is not refetched (it would answer 404): its page leaves.
    onSettled: () =>
      qc.invalidateQueries({
        queryKey: campaignsKey,
        predicate: (q) => q.queryKey[1] !== "one",
      }),
  });
}

export function useAddMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; sendId?: number; automationId?: number }) =>
      api.post(
        `/api/campaigns/${p.id}/members`,
        p.sendId !== undefined ? { sendId: p.sendId } : { automationId: p.automationId },
        { schema: campaignDetail },
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: campaignsKey }),
  });
}

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; memberId: number }) =>
      api.post(
        `/api/campaigns/${p.id}/members/remove`,
        { memberId: p.memberId },
        { schema: campaignDetail },
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: campaignsKey }),
  });
}
