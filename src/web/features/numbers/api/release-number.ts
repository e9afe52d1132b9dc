import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { numbersKeys } from "./keys";

export function useReleaseNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/dedicated-numbers/${id}`),
    // Not awaited: the refetch of the released number's own page answers 404 and unmounts the
    // dialog, whose onReleased (back to the list) would then never run.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: numbersKeys.all });
    },
  });
}
