import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type SignupPageConfig, signupPageEditorResponse } from "../../../../domain/signup-page";
import { api } from "../../../lib/api-client";

const key = ["signup-page"] as const;

export function useSignupPageEditor() {
  return useQuery({
    queryKey: key,
    queryFn: () => api.get("/api/signup-page", { schema: signupPageEditorResponse }),
  });
}

export function useSaveSignupPage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { config: SignupPageConfig; live: boolean }) =>
      api.put("/api/signup-page", input, { schema: signupPageEditorResponse }),
    onSuccess: (data) => qc.setQueryData(key, data),
  });
}
