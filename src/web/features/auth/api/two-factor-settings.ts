import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { appSetupResponse, twoFactorStatus } from "../../../../domain/auth.schemas";
import { api } from "../../../lib/api-client";

const key = ["two-factor"] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: key,
    queryFn: () => api.get("/api/auth/two-factor", { schema: twoFactorStatus }),
  });
}

/** A new authenticator secret and its QR code (not on until a code confirms it). */
export function useSetupApp() {
  return useMutation({
    mutationFn: () => api.post("/api/auth/two-factor/app", undefined, { schema: appSetupResponse }),
  });
}

/** Texts a code to the phone (not on until the code confirms it). */
export function useSetupSms() {
  return useMutation({
    mutationFn: (phone: string) =>
      api.post(
        "/api/auth/two-factor/sms",
        { phone },
        { schema: z.object({ phoneHint: z.string().nullable() }), toast: false },
      ),
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post("/api/auth/two-factor/confirm", { code }, { schema: twoFactorStatus, toast: false }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api.post(
        "/api/auth/two-factor/disable",
        { password },
        { schema: twoFactorStatus, toast: false },
      ),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
