import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { notificationsResponse } from "../../../../domain/notifications.schemas";
import { api } from "../../../lib/api-client";
import { useCurrentAccount } from "../../../lib/current-account";
import { useRealtimeEvent, useRealtimeReconnect } from "../../../lib/realtime";

const root = ["notifications"] as const;
const readAnswer = z.object({ ok: z.literal(true), unreadCount: z.number() });

/** 'list custom notifications' (doc 3 §7): one view, the first `limit` rows. */
export function useNotifications(view: "unread" | "read", limit: number) {
  return useQuery({
    queryKey: [...root, view, limit],
    queryFn: () =>
      api.get(`/api/notifications?view=${view}&limit=${limit}`, { schema: notificationsResponse }),
    placeholderData: keepPreviousData,
  });
}

/** The bell's count: the unread view's answer, refreshed when the server says there is news. */
export function useUnreadCount() {
  const client = useQueryClient();
  const me = useCurrentAccount();
  const count = useQuery({
    queryKey: [...root, "count"],
    queryFn: () =>
      api
        .get("/api/notifications?view=unread&limit=1", { schema: notificationsResponse })
        .then((r) => r.unreadCount),
    // A missed push (socket down) is caught up within a few minutes anyway.
    refetchInterval: 5 * 60_000,
  });
  useRealtimeEvent("notification", ({ userIds }) => {
    if (me && userIds.includes(me.userId)) void client.invalidateQueries({ queryKey: root });
  });
  useRealtimeReconnect(() => void client.invalidateQueries({ queryKey: root }));
  return count.data ?? 0;
}

/** 'update custom notification by id': marks it read. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/api/notifications/${id}/read`, undefined, { schema: readAnswer, toast: false }),
    onSettled: () => client.invalidateQueries({ queryKey: root }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/notifications/read-all", undefined, { schema: readAnswer }),
    onSettled: () => client.invalidateQueries({ queryKey: root }),
  });
}
