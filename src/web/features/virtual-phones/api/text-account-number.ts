import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api-client";
import { phonesKeys } from "./keys";

const textSent = z.object({ sid: z.string() });

export interface VirtualText {
  /** The virtual phone, E.164. */
  from: string;
  /** One of the account's numbers, E.164. */
  to: string;
  body: string;
}

/**
 * A virtual phone texts one of the account's numbers. The emulator posts it to the inbound
 * webhook before answering, so STOP or a keyword has been handled when this resolves.
 * `existing` is false for a phone without a thread yet (any US format is accepted then).
 */
export function useTextAccountNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ existing, ...text }: VirtualText & { existing: boolean }) =>
      existing
        ? api.post(
            `/api/virtual-phones/${encodeURIComponent(text.from)}/messages`,
            { to: text.to, body: text.body },
            { schema: textSent },
          )
        : api.post("/api/virtual-phones/messages", text, { schema: textSent }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phonesKeys.all }),
  });
}
