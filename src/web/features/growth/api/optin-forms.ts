import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type OptinFormInput,
  optinFormListResponse,
  optinFormResponse,
} from "../../../../domain/optin-forms";
import { api } from "../../../lib/api-client";

const key = ["optin-forms"] as const;

export function useOptinForms() {
  return useQuery({
    queryKey: key,
    queryFn: () => api.get("/api/optin-forms", { schema: optinFormListResponse }),
  });
}

export function useSaveOptinForm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: OptinFormInput }) =>
      id === null
        ? api.post("/api/optin-forms", input, { schema: optinFormResponse })
        : api.put(`/api/optin-forms/${id}`, input, { schema: optinFormResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteOptinForm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/optin-forms/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
