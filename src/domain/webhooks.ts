import { z } from "zod";
import { bigIdParam, intIdParam } from "./ids";

/** The events an outgoing webhook may subscribe to (fed by the account-events outbox). */
export const WEBHOOK_EVENTS = [
  "message.received",
  "message.status",
  "subscriber.created",
  "subscriber.opted_out",
  "subscriber.opted_in",
  "keyword.joined",
  "form.submitted",
  "send.finished",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABEL: Record<WebhookEvent, string> = {
  "message.received": "A message was received",
  "message.status": "An outgoing message changed status (high volume)",
  "subscriber.created": "A subscriber was created",
  "subscriber.opted_out": "A subscriber opted out",
  "subscriber.opted_in": "A subscriber opted back in",
  "keyword.joined": "Someone joined by keyword",
  "form.submitted": "A sign-up form was submitted",
  "send.finished": "A send finished",
};

/**
 * Retries after a failed attempt (seconds), then every 6 hours until a day has passed since the
 * event: a receiver that is down for a night still gets everything, in order.
 */
export const WEBHOOK_BACKOFF_S = [10, 30, 60, 300, 900, 1800, 3600, 7200, 14_400, 21_600];
export function webhookBackoffSeconds(attempts: number): number {
  return WEBHOOK_BACKOFF_S[Math.min(attempts, WEBHOOK_BACKOFF_S.length) - 1] ?? 10;
}
export const WEBHOOK_GIVE_UP_HOURS = 24;

export const WEBHOOK_TEXT = {
  badUrl: "Enter the http(s) address that should receive the events",
  noEvents: "Choose at least one event",
  notFound: "That webhook was not found in this account.",
  deliveryNotFound: "That delivery was not found in this account.",
  disabledAfterFailures:
    "Turned off after failing for a day. Fix the receiver, then turn the webhook back on.",
} as const;

const webhookUrl = z
  .string()
  .trim()
  .max(2000, WEBHOOK_TEXT.badUrl)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, WEBHOOK_TEXT.badUrl);

export const createWebhookRequest = z
  .object({
    url: webhookUrl,
    description: z.string().trim().max(200).default(""),
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1, WEBHOOK_TEXT.noEvents)
      .max(WEBHOOK_EVENTS.length),
  })
  .meta({
    examples: [
      {
        url: "https://example.com/parley-hooks",
        events: ["message.received", "subscriber.opted_out"],
      },
    ],
  });
export type CreateWebhookRequest = z.infer<typeof createWebhookRequest>;

export const updateWebhookRequest = z.object({
  url: webhookUrl.optional(),
  description: z.string().trim().max(200).optional(),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, WEBHOOK_TEXT.noEvents)
    .max(WEBHOOK_EVENTS.length)
    .optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequest>;

export const webhookResponse = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export const createdWebhookResponse = webhookResponse.extend({
  /** The signing secret: shown once, at creation. */
  secret: z.string(),
});
export const listWebhooksResponse = z.object({ rows: z.array(webhookResponse) });

export const webhookDeliveryResponse = z.object({
  id: z.number().int(),
  eventType: z.string(),
  eventId: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export const listWebhookDeliveriesResponse = z.object({
  rows: z.array(webhookDeliveryResponse),
});
export const deliveryParams = z.object({ id: intIdParam(), deliveryId: bigIdParam() });
