import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { listGroupsResponse } from "../../../../domain/groups.schemas";
import {
  type TestSendRequest,
  testSendResponse,
  uploadResponse,
} from "../../../../domain/message-compose.schemas";
import type { MessageForm } from "../../../../domain/message-form.schemas";
import { listNumbersResponse } from "../../../../domain/numbers.schemas";
import { type AudienceRequest, audienceResponse } from "../../../../domain/send-audience";
import { listSubscribersResponse, subscriber } from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";
import { useAccountSetting } from "../../settings/api/account-settings";

// ---- sends (the send pipeline's API: contracts.md) -----------------------------------------

export const sendAnswer = z.object({
  id: z.number(),
  status: z.string(),
  nextRunAt: z.string().nullable(),
  recipients: z.number(),
});
export type SendAnswer = z.infer<typeof sendAnswer>;

const sendRecord = z.object({
  id: z.number(),
  form: z.record(z.string(), z.unknown()),
  status: z.string(),
  nextRunAt: z.string().nullable(),
  runCount: z.number(),
});

/** Errors are shown by the page (dialogs for credits, quiet hours…), not toasted here. */
export function useSaveSend(editId: number | null) {
  return useMutation({
    mutationFn: (form: MessageForm) =>
      editId === null
        ? api.post("/api/sends", form, { schema: sendAnswer, toast: false })
        : api.put(`/api/sends/${editId}`, form, { schema: sendAnswer, toast: false }),
  });
}

export function useSendRecord(id: number | null) {
  return useQuery({
    queryKey: ["sends", id],
    queryFn: () => api.get(`/api/sends/${id}`, { schema: sendRecord }),
    enabled: id !== null,
    staleTime: 0,
  });
}

// ---- who the send reaches ------------------------------------------------------------------

/**
 * Who the send would reach now (after consent, opt-outs, blocks and landlines) and the text as
 * its first recipient would read it. Asked again as the recipients or the text settle.
 */
export function useAudience(req: AudienceRequest, enabled: boolean) {
  return useQuery({
    queryKey: ["sends", "audience", req],
    queryFn: () => api.post("/api/sends/audience", req, { schema: audienceResponse, toast: false }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

// ---- uploads and test send -------------------------------------------------------------------

export function uploadAttachment(file: File, kind: "image" | "attachment") {
  const form = new FormData();
  form.set(kind === "image" ? "photo" : "file", file, file.name);
  return api.upload(`/api/uploads/${kind}`, form, { schema: uploadResponse });
}

export function useTestSend() {
  return useMutation({
    mutationFn: (body: TestSendRequest) =>
      api.post("/api/messages/test", body, { schema: testSendResponse, toast: false }),
  });
}

// ---- credits -----------------------------------------------------------------------------------

export function usePurchaseCredits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { qty: number; type: "sms" | "international" }) =>
      api.post("/api/credits/purchase", body, { schema: z.object({ message: z.string() }) }),
    // The composer's estimate sets the recipients abroad against the international balance.
    onSuccess: () => client.invalidateQueries({ queryKey: ["sends", "audience"] }),
  });
}

// ---- pickers -----------------------------------------------------------------------------------

/** The account's numbers (the pickers' page size of 500, spec doc 2 §9). */
export function useSendingNumbers(enabled = true) {
  return useQuery({
    queryKey: ["dedicated-numbers", "picker"],
    enabled,
    queryFn: () =>
      api.get("/api/dedicated-numbers?page=1&pageSize=500", { schema: listNumbersResponse }),
  });
}

export function useSubscriberOptions(query: string) {
  return useQuery({
    queryKey: ["subscribers", "composer-picker", query],
    queryFn: () => {
      const qs = new URLSearchParams({
        page: "0",
        pageSize: "50",
        sortBy: "date",
        sortDirection: "DESC",
      });
      if (query) qs.set("query", query);
      return api.get(`/api/subscribers?${qs}`, { schema: listSubscribersResponse });
    },
    placeholderData: keepPreviousData,
  });
}

export function getSubscriber(id: number) {
  return api.get(`/api/subscribers/${id}`, {
    schema: subscriber.partial().extend({ id: z.number() }),
  });
}

export function useGroupOptions() {
  return useQuery({
    queryKey: ["groups", "composer-picker"],
    queryFn: () =>
      api.get(
        "/api/groups?page=0&pageSize=500&query=&includeAdaptive=true&includeHidden=true&includeNoGroup=true",
        {
          schema: listGroupsResponse,
        },
      ),
  });
}

// ---- settings ------------------------------------------------------------------------------------

const setting = z.object({ name: z.string(), value: z.unknown(), enabled: z.boolean() });

/** The account's quiet hours: the same cached setting the Settings page reads and saves. */
export function useQuietHours() {
  return useAccountSetting("quiet_hours");
}

/** The user setting that hides 'send to all' (spec doc 2 §6: value '1' means hidden). */
export function useSendAllHidden() {
  return useQuery({
    queryKey: ["user-setting", "disable_send_all"],
    queryFn: () => api.get("/api/user/settings/disable_send_all", { schema: setting }),
    select: (s) => s.value === true || s.value === "1" || s.value === 1,
  });
}
