import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import type { VoiceConsentMethod } from "../../../../domain/voice";
import { api } from "../../../lib/api-client";
import { subscriberKeys } from "./keys";

const answer = z.object({ subscriberId: z.number(), voiceConsentAt: z.string().nullable() });

/** Records or withdraws a subscriber's consent to voice calls (a line in the consent ledger). */
export function useSetVoiceConsent(subscriberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { given: boolean; method: VoiceConsentMethod; evidence: string }) =>
      api.post(
        "/api/phone-messages/voice-consent",
        { subscriberId, ...v },
        { schema: answer, toast: false },
      ),
    onSuccess: () =>
      void client.invalidateQueries({ queryKey: subscriberKeys.detail(subscriberId) }),
  });
}
