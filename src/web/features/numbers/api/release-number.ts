import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { numbersKeys } from "./keys";

export function useReleaseNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/dedicated-numbers/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: numbersKeys.all }),
  });
}
