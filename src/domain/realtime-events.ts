/**
 * Events pushed to the browser over the realtime socket (spec doc 2 §7 'Realtime'). Each goes
 * to the sockets of one account; the server never sends a raw database row.
 */
export interface RealtimeEvents {
  /** A subscriber texted in: `numberId` is the conversation (the subscriber's id). */
  reply: {
    numberId: number;
    replyId: number;
    body: string;
    /** First media URL of an MMS reply, else null. */
    attachment: string | null;
    /** The subscriber's phone number (E.164). */
    number: string;
    /** Our dedicated number it was sent to. */
    phoneNumberId?: number;
    createdAt?: string;
  };
  /** A message's delivery status changed (a status from src/domain/delivery-status.ts). */
  "message-status": { messageId: number; status: string; numberId?: number };
  /** Deliveries of these campaign runs changed (sent at most once a second per account). */
  "run-progress": { runIds: number[] };
  /** A conversation changed (assigned, archived, read, …): open screens refetch it. */
  "conversation-changed": { numberIds: number[] };
  /** These users have a new notification (the bell refetches its count). */
  notification: { userIds: number[] };
}

export type RealtimeEvent = keyof RealtimeEvents;

/** Where the socket.io server listens (under /api so a dev proxy of /api reaches it too). */
export const REALTIME_PATH = "/api/realtime/socket";
