import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { listNumbersResponse } from "../../../../domain/numbers.schemas";
import {
  importResult,
  type WebinarEventBody,
  type WebinarProvider,
  webinarEvent,
  webinarRegistrant,
} from "../../../../domain/webinars";
import { api } from "../../../lib/api-client";

export const webinarsKey = ["webinars"] as const;

const listSchema = z.object({
  rows: z.array(webinarEvent),
  providers: z.object({ zoom: z.boolean(), goto: z.boolean() }),
});

export function useWebinars() {
  return useQuery({
    queryKey: [...webinarsKey, "list"],
    queryFn: () => api.get("/api/webinars", { schema: listSchema }),
  });
}

export function useWebinar(id: number | null) {
  return useQuery({
    queryKey: [...webinarsKey, "one", id],
    queryFn: () => api.get(`/api/webinars/${id}`, { schema: webinarEvent }),
    enabled: id !== null,
  });
}

export function useRegistrants(id: number | null) {
  return useQuery({
    queryKey: [...webinarsKey, "registrants", id],
    queryFn: () =>
      api.get(`/api/webinars/${id}/registrants`, {
        schema: z.object({ rows: z.array(webinarRegistrant) }),
      }),
    enabled: id !== null,
  });
}

export function useSaveWebinar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number | null; body: WebinarEventBody }) =>
      v.id === null
        ? api.post("/api/webinars", v.body, { schema: webinarEvent, toast: false })
        : api.put(`/api/webinars/${v.id}`, v.body, { schema: webinarEvent, toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webinarsKey }),
  });
}

export function useDeleteWebinar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/webinars/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: webinarsKey }),
  });
}

export function useImportCsv() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; csv: string; consent: boolean }) =>
      api.post(
        `/api/webinars/${v.id}/import`,
        { csv: v.csv, consent: v.consent },
        { schema: importResult, toast: false },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: webinarsKey }),
  });
}

export function useImportProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { provider: WebinarProvider; webinarId: string; consent: boolean }) =>
      api.post("/api/webinars/import-provider", v, {
        schema: importResult.extend({ eventId: z.number(), provider: z.string() }),
        toast: false,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webinarsKey }),
  });
}

/** The account's numbers for the reminders' sending number (read from the numbers API). */
export function useSendingNumbers() {
  return useQuery({
    queryKey: [...webinarsKey, "numbers"],
    queryFn: () =>
      api.get("/api/dedicated-numbers?page=1&pageSize=500", { schema: listNumbersResponse }),
  });
}
