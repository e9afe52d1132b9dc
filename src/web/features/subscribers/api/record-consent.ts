import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type RecordConsentRequest,
  subscriberDetail,
} from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";
import { invalidateSubscribers } from "./invalidate";

/** The business records that a conversation contact agreed to marketing messages (attested). */
export function useRecordConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number } & RecordConsentRequest) =>
      api.post(
        `/api/subscribers/${v.id}/marketing-consent`,
        { attestation: v.attestation, detail: v.detail },
        { schema: subscriberDetail },
      ),
    onSuccess: () => invalidateSubscribers(client),
  });
}
