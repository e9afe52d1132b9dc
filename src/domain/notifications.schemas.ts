import { z } from "zod";

/** Notification page size: starts at 10 and grows by 10 (spec doc 3 §9). */
export const NOTIFICATION_PAGE = 10;

export const NOTIFICATION_KINDS = [
  "import_done",
  "export_ready",
  "send_finished",
  "credits_low",
  "registration_approved",
  "registration_rejected",
  "conversation_assigned",
  "payment_failed",
  "billing",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification as the list shows it (doc 3 §3): unread is 1 or 0. */
export const notificationRow = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  message: z.string(),
  created: z.string(),
  unread: z.union([z.literal(0), z.literal(1)]),
  /** An absolute link opens in a new tab; an internal one navigates in place. */
  redirectLink: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

export const notificationsQuery = z.object({
  view: z.enum(["unread", "read"]).default("unread"),
  limit: z.coerce.number().int().min(1).max(200).default(NOTIFICATION_PAGE),
});

export const notificationsResponse = z.object({
  rows: z.array(notificationRow),
  unreadCount: z.number(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

export function isExternalLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}
