import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { scheduledKey } from "./list-scheduled";

export function cancelSend(id: number) {
  return api.delete<unknown>(`/api/sends/${id}`);
}

/** Cancels a scheduled or recurring send; the lists that show it refresh. */
export function useCancelSend() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelSend,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: scheduledKey });
      void qc.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
