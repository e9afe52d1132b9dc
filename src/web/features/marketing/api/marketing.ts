import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import type { MarketingKind } from "../../../../domain/marketing";
import {
  codeCheck,
  counterInfo,
  type ProgramInput,
  programListResponse,
  programReport,
  programResponse,
  referralPage,
  referralSignupResult,
  sendResult,
} from "../../../../domain/marketing.schemas";
import { api } from "../../../lib/api-client";

export const marketingKey = ["marketing"] as const;

export function usePrograms(kind: MarketingKind) {
  return useQuery({
    queryKey: [...marketingKey, "list", kind],
    queryFn: () => api.get(`/api/marketing/programs?kind=${kind}`, { schema: programListResponse }),
  });
}

export function useProgramReport(id: number | null) {
  return useQuery({
    queryKey: [...marketingKey, "report", id],
    queryFn: () => api.get(`/api/marketing/programs/${id}/report`, { schema: programReport }),
    enabled: id !== null,
    // The report follows texts arriving on the shop floor.
    refetchInterval: 15_000,
  });
}

export function useSaveProgram() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ProgramInput }) =>
      id === null
        ? api.post("/api/marketing/programs", input, { schema: programResponse, toast: false })
        : api.put(`/api/marketing/programs/${id}`, input, {
            schema: programResponse,
            toast: false,
          }),
    onSuccess: () => qc.invalidateQueries({ queryKey: marketingKey }),
  });
}

export function useSetProgramStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: "active" | "paused" }) =>
      api.put(`/api/marketing/programs/${id}/status`, { status }, { schema: programResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: marketingKey }),
  });
}

export function useDeleteProgram() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/marketing/programs/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: marketingKey }),
  });
}

export function useSendCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/api/marketing/programs/${id}/send`, {}, { schema: sendResult }),
    onSuccess: () => qc.invalidateQueries({ queryKey: marketingKey }),
  });
}

export function useDrawWinners() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(
        `/api/marketing/programs/${id}/draw`,
        {},
        {
          schema: z.object({ entrants: z.number(), winners: z.number() }),
        },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: marketingKey }),
  });
}

// Public pages.
export function useCounterInfo(token: string) {
  return useQuery({
    queryKey: ["counter", token],
    queryFn: () =>
      api.get(`/api/public/counter/${encodeURIComponent(token)}`, { schema: counterInfo }),
    retry: false,
  });
}

const codeUrl = (token: string, code: string) =>
  `/api/public/counter/${encodeURIComponent(token)}/codes/${encodeURIComponent(code)}`;

export function checkCode(token: string, code: string) {
  return api.get(codeUrl(token, code), { schema: codeCheck });
}

export function redeemCode(token: string, code: string) {
  return api.post(`${codeUrl(token, code)}/redeem`, {}, { schema: codeCheck, toast: false });
}

export function useReferralPage(code: string) {
  return useQuery({
    queryKey: ["referral", code],
    queryFn: () =>
      api.get(`/api/public/referrals/${encodeURIComponent(code)}`, { schema: referralPage }),
    retry: false,
  });
}

export function submitReferral(
  code: string,
  body: { phone: string; firstName: string; consent: boolean },
) {
  return api.post(`/api/public/referrals/${encodeURIComponent(code)}`, body, {
    schema: referralSignupResult,
    toast: false,
  });
}
