import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useRealtimeEvent, useRealtimeReconnect } from "../../../lib/realtime";
import { sentMessagesKey } from "./keys";

/**
 * Delivery statuses pushed over the realtime socket refresh the report's figures: at most once a
 * second however many arrive (a campaign reports thousands a second), and once after the socket
 * comes back from a drop.
 */
export function useLiveSentMessages() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: sentMessagesKey });
  const soon = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refresh();
    }, 1000);
  };
  useRealtimeEvent("message-status", soon);
  // Campaign deliveries arrive as one event per second naming the runs that moved.
  useRealtimeEvent("run-progress", soon);
  useRealtimeReconnect(refresh);
}
