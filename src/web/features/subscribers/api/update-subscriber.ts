import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type SubscriberDetail, subscriberDetail } from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";
import { invalidateSubscribers } from "./invalidate";

export interface UpdateSubscriberInput {
  id: number;
  number?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  attributes?: Record<string, unknown>;
}

export function useUpdateSubscriber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateSubscriberInput): Promise<SubscriberDetail> =>
      api.patch(`/api/subscribers/${id}`, body, { schema: subscriberDetail, toast: false }),
    onSuccess: () => invalidateSubscribers(client),
  });
}
