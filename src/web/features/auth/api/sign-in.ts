import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { forgotPasswordResponse } from "../../../../domain/auth.schemas";
import {
  magicTokenResponse,
  phoneVerificationStatus,
  providersResponse,
  type SendPhoneCodeRequest,
  type SignInPolicy,
  signInPolicy,
  type VerifyPhoneRequest,
  verifyPhoneResponse,
} from "../../../../domain/sign-in.schemas";
import { api } from "../../../lib/api-client";

/** Which of 'Continue With Google' / 'Continue With Facebook' this server can run. */
export function useProviders() {
  return useQuery({
    queryKey: ["auth-providers"],
    queryFn: () => api.get("/api/auth/providers", { schema: providersResponse, allow401: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** 'check magic token' (spec doc 3 §7): data.isValid; a valid one signs in. */
export function useMagicToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post(
        "/api/auth/magic-token",
        { token },
        { schema: magicTokenResponse, toast: false, allow401: true },
      ),
    onSuccess: () => queryClient.removeQueries(),
  });
}

/** Mails a sign-in link (the same answer for unknown addresses). */
export function useRequestMagicLink() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post("/api/auth/magic-link", { email }, { schema: forgotPasswordResponse, toast: false }),
  });
}

/** 'resend public welcome email; resend device-verification email'. */
export function useResendVerificationEmail() {
  return useMutation({
    mutationFn: () =>
      api.post("/api/auth/verification-email/resend", undefined, {
        schema: forgotPasswordResponse,
        toast: false,
        allow401: true,
      }),
  });
}

export function usePhoneVerificationStatus() {
  return useQuery({
    queryKey: ["phone-verification"],
    queryFn: () =>
      api.get("/api/auth/phone-verification", { schema: phoneVerificationStatus, allow401: true }),
    staleTime: 0,
    retry: false,
  });
}

/** 'send phone verification code': phone, resend. */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (input: SendPhoneCodeRequest) =>
      api.post("/api/auth/phone-verification/send", input, {
        schema: z.object({ ok: z.literal(true) }),
        toast: false,
        allow401: true,
      }),
  });
}

/** 'verify phone': verificationCode, phoneNumber → data.phoneVerified. */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerifyPhoneRequest) =>
      api.post("/api/auth/phone-verification/verify", input, {
        schema: verifyPhoneResponse,
        toast: false,
        allow401: true,
      }),
    onSuccess: () => queryClient.removeQueries(),
  });
}

const policyKey = ["sign-in-policy"] as const;

export function useSignInPolicy(enabled: boolean) {
  return useQuery({
    queryKey: policyKey,
    queryFn: () => api.get("/api/auth/sign-in-policy", { schema: signInPolicy }),
    enabled,
  });
}

export function useUpdateSignInPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: SignInPolicy) =>
      api.put("/api/auth/sign-in-policy", policy, { schema: signInPolicy }),
    onSuccess: (data) => queryClient.setQueryData(policyKey, data),
  });
}
