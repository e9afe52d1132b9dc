import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  COMPOSE_TEXT,
  type SignatureResponse,
  signatureResponse,
} from "../../../domain/message-compose.schemas";
import { api } from "../../lib/api-client";
import { notify } from "../../lib/notify";

const signatureKey = ["signature"] as const;

/** The caller's signature (its load never toasts: spec doc 1 §8). */
export function useSignature() {
  return useQuery({
    queryKey: signatureKey,
    queryFn: () => api.get("/api/signature", { schema: signatureResponse }),
  });
}

export function useUpdateSignature() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { signature: string; isEnabled: boolean }) =>
      api.put("/api/signature", body, { schema: signatureResponse }),
    onSuccess: (data: SignatureResponse) => {
      qc.setQueryData(signatureKey, data);
      notify.success(COMPOSE_TEXT.signatureUpdated);
    },
  });
}

/** The signature text appended to what this user sends, or "" when off. */
export function activeSignature(s: SignatureResponse | undefined): string {
  return s?.isAllowed && s.isEnabled ? s.signature : "";
}
