import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { subscriberKeys } from "./keys";

export function useDeleteSubscriber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/subscribers/${id}`),
    onSuccess: (_, id) => {
      // Its own detail, consent and messages are gone: asking again would only answer 404.
      const own = subscriberKeys.detail(id);
      void client.invalidateQueries({
        queryKey: subscriberKeys.all,
        predicate: (q) => !own.every((part, i) => q.queryKey[i] === part),
      });
      void client.invalidateQueries({ queryKey: ["groups"] });
    },
  });
}
