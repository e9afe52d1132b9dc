import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { deeplinkRow, deeplinksResponse } from "../../../../domain/sign-in.schemas";
import { api } from "../../../lib/api-client";

const key = ["deeplinks"] as const;

export function useDeeplinks() {
  return useQuery({
    queryKey: key,
    queryFn: () => api.get("/api/deeplinks", { schema: deeplinksResponse }),
  });
}

export function useCreateDeeplink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uri: string) =>
      api.post("/api/deeplinks", { uri }, { schema: deeplinkRow, toast: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteDeeplink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/api/deeplinks/${encodeURIComponent(id)}`, {
        schema: z.object({ ok: z.literal(true) }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
