import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateSubscribers } from "./invalidate";

/** Puts subscribers into, or takes them out of, static groups (the edit form's group picker). */
export function useChangeGroupMembers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: { subscriberId: number; add: number[]; remove: number[] }) => {
      const body = { subscriberIds: [change.subscriberId] };
      for (const id of change.add) await api.post(`/api/groups/${id}/members`, body);
      for (const id of change.remove) await api.post(`/api/groups/${id}/members/remove`, body);
    },
    onSettled: () => invalidateSubscribers(client),
  });
}
