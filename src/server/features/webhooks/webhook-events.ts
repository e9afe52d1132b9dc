import { WEBHOOK_EVENTS, type WebhookEvent } from "../../../domain/webhooks";
import type { Executor } from "../../db/connection";
import type { EventConsumer } from "../events/event-relay";
import * as q from "./webhooks.queries";

/** What the account-events relay hands us (src/server/features/events/). */
export interface OutboxEvent {
  id: string;
  accountId: number;
  type: string;
  subscriberId: number | null;
  data: Record<string, unknown>;
  occurredAt: Date;
}

const FORWARDED = new Set<string>(WEBHOOK_EVENTS);

/** The JSON a receiver gets: stable, documented on the developer page. */
export function webhookPayload(e: OutboxEvent) {
  return {
    id: `evt_${e.id}`,
    type: e.type,
    createdAt: e.occurredAt.toISOString(),
    data: { subscriberId: e.subscriberId, ...e.data },
  };
}

/**
 * The `webhooks` consumer of the outbox: one delivery row per (event, subscribed endpoint), in
 * the relay's transaction, so an event becomes deliveries exactly once. Ordered per subscriber.
 */
export async function enqueueWebhookDeliveries(tx: Executor, events: OutboxEvent[]) {
  const wanted = events.filter((e) => FORWARDED.has(e.type));
  if (wanted.length === 0) return 0;
  const endpoints = await q.endpointsOfAccounts(tx, [...new Set(wanted.map((e) => e.accountId))]);
  if (endpoints.length === 0) return 0;
  const rows: q.NewDelivery[] = [];
  // Oldest first, so per-subscriber order follows the outbox's order.
  const sorted = [...wanted].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  for (const e of sorted) {
    for (const ep of endpoints) {
      if (ep.accountId !== e.accountId || !ep.events.includes(e.type as WebhookEvent)) continue;
      rows.push({
        accountId: e.accountId,
        endpointId: ep.id,
        eventType: e.type,
        eventId: `evt_${e.id}`,
        orderKey: e.subscriberId ?? 0,
        payload: webhookPayload(e),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await q.insertDeliveries(tx, rows.slice(i, i + 1000));
  return rows.length;
}

/** The `webhooks` consumer of the account events (declared in webhooks/feature.ts). */
export const webhooksConsumer: EventConsumer = {
  types: WEBHOOK_EVENTS,
  handle: async (_ctx, tx, events) => {
    await enqueueWebhookDeliveries(tx, events);
  },
};
