import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  auditList,
  type CreateChildAccountBody,
  childAccount,
  childAccountList,
} from "../../../../domain/managed-accounts";
import { api } from "../../../lib/api-client";
import { closeRealtime } from "../../../lib/realtime";

export const managedKey = ["managed-accounts"] as const;

export function useChildAccounts() {
  return useQuery({
    queryKey: [...managedKey, "list"],
    queryFn: () => api.get("/api/managed-accounts", { schema: childAccountList }),
  });
}

export function useCreateChildAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChildAccountBody) =>
      api.post("/api/managed-accounts", input, { schema: childAccount, toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: managedKey }),
  });
}

export function useChildAudit(id: number | null) {
  return useQuery({
    queryKey: [...managedKey, "audit", id],
    queryFn: () => api.get(`/api/managed-accounts/${id}/audit`, { schema: auditList }),
    enabled: id !== null,
  });
}

/** Opens the child in this session: every cached answer was the parent's, so all are dropped. */
export function useOpenChildAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/api/managed-accounts/${id}/access`, undefined, {
        schema: z.object({ accountId: z.number(), businessName: z.string() }),
      }),
    onSuccess: () => {
      closeRealtime();
      qc.clear();
    },
  });
}

/**
 * Back from the child to the parent account, in the same session: every cached answer was the
 * child's, so all are dropped (as opening one does).
 */
export function useReturnToParent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post("/api/managed-accounts/return", undefined, {
        schema: z.object({ ok: z.literal(true) }),
      }),
    onSuccess: () => {
      closeRealtime();
      qc.clear();
    },
  });
}
