import { useMutation, useQueryClient } from "@tanstack/react-query";
import { subscriberDetail } from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";
import { invalidateSubscribers } from "./invalidate";

/** Opt out, opt back in, block, unblock: each is written to the consent log by the server. */
export type ConsentAction = "opt-out" | "opt-in" | "block" | "unblock";

export function useChangeConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; action: ConsentAction }) =>
      api.post(`/api/subscribers/${v.id}/${v.action}`, undefined, { schema: subscriberDetail }),
    onSuccess: () => invalidateSubscribers(client),
  });
}
