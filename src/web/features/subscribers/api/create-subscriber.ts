import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type SubscriberDetail, subscriberDetail } from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";
import { invalidateSubscribers } from "./invalidate";

export interface CreateSubscriberInput {
  number: string;
  firstName: string;
  lastName: string;
  email: string;
  groupIds: number[];
  attributes: Record<string, unknown>;
  /** The user confirmed the person agreed to marketing texts. */
  attestation: true;
}

export function useCreateSubscriber() {
  const client = useQueryClient();
  return useMutation({
    // Field errors are shown on the form, so the client does not toast them.
    mutationFn: (body: CreateSubscriberInput): Promise<SubscriberDetail> =>
      api.post("/api/subscribers", body, { schema: subscriberDetail, toast: false }),
    onSuccess: () => invalidateSubscribers(client),
  });
}
