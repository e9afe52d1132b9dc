import { useEffect, useRef } from "react";
import { io, type Socket } from "socket.io-client";
import {
  REALTIME_PATH,
  type RealtimeEvent,
  type RealtimeEvents,
} from "../../domain/realtime-events";
import { api } from "./api-client";

/**
 * One socket per tab, opened by the first screen that listens and closed a moment after the last
 * one stops (so moving between two listening screens keeps it). Each (re)connection fetches a
 * fresh short-lived token: the socket never outlives the session that opened it by long.
 */
let socket: Socket | null = null;
let listeners = 0;
let closeTimer: ReturnType<typeof setTimeout> | null = null;
const reconnectHandlers = new Set<() => void>();

function fetchToken(): Promise<string> {
  // Silent (spec doc 2 §8: no toast for the realtime token); a 401 is handled by the next call.
  return api
    .get<{ token: string }>("/api/realtime/token", { toast: false, allow401: true })
    .then((r) => r.token);
}

function acquire(): Socket {
  if (closeTimer) {
    clearTimeout(closeTimer);
    closeTimer = null;
  }
  listeners += 1;
  if (!socket) {
    const s = io({
      path: REALTIME_PATH,
      // WebSocket only: long-polling (socket.io's default first step) needs every request of a
      // session at the same web process, i.e. sticky sessions in front of several processes.
      transports: ["websocket"],
      auth: (cb) => {
        fetchToken().then(
          (token) => cb({ token }),
          () => cb({ token: "" }),
        );
      },
    });
    let connectedOnce = false;
    s.on("connect", () => {
      // After a reconnect, events may have been missed: listeners refetch what they show.
      if (connectedOnce) for (const h of reconnectHandlers) h();
      connectedOnce = true;
    });
    s.on("connect_error", () => {
      // A refused handshake is not retried by socket.io itself; try again with a new token later.
      if (!s.active) setTimeout(() => socket === s && s.connect(), 5000);
    });
    socket = s;
  }
  return socket;
}

function release() {
  listeners -= 1;
  if (listeners > 0 || closeTimer) return;
  closeTimer = setTimeout(() => {
    closeTimer = null;
    if (listeners === 0) closeRealtime();
  }, 2000);
}

/** Closes the socket now (at log out, so another user of this tab starts afresh). */
export function closeRealtime() {
  socket?.disconnect();
  socket = null;
}

/** Calls `handler` with each `event` pushed to this account while the component is mounted. */
export function useRealtimeEvent<E extends RealtimeEvent>(
  event: E,
  handler: (payload: RealtimeEvents[E]) => void,
) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const s = acquire();
    const listener = (payload: RealtimeEvents[E]) => ref.current(payload);
    s.on(event as string, listener as never);
    return () => {
      s.off(event as string, listener as never);
      release();
    };
  }, [event]);
}

/** Calls `handler` when the socket comes back after a drop (refetch what may have been missed). */
export function useRealtimeReconnect(handler: () => void) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    acquire();
    const h = () => ref.current();
    reconnectHandlers.add(h);
    return () => {
      reconnectHandlers.delete(h);
      release();
    };
  }, []);
}
