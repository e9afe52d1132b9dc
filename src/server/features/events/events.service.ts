import type { Executor } from "../../db/connection";
import * as q from "./events.queries";

/**
 * The account-events outbox: what happened to an account's subscribers that another feature
 * (automations, outgoing webhooks) acts on. Events are written in the transaction of the change;
 * a trigger gives each one a work row per consumer (table account_event_consumers) and wakes the
 * workers; the relay (event-relay.ts) hands the rows to the consumers' handlers. Group
 * membership events come from a trigger on group_members, so every path emits them.
 */
export type AccountEventType =
  | "subscriber.created"
  | "subscriber.opted_out"
  | "subscriber.opted_in"
  | "message.received"
  /** Internal: the workflows a text started, chosen by the inbound path (automations enrol). */
  | "automation.text_matched"
  | "message.status"
  | "group.joined"
  | "group.left"
  | "field.changed"
  | "keyword.joined"
  | "form.submitted"
  | "optin_form.submitted"
  | "link.clicked"
  | "send.finished";

export interface NewAccountEvent {
  accountId: number;
  type: AccountEventType;
  subscriberId?: number | null;
  data?: Record<string, unknown>;
}

export interface AccountEvent {
  /** A bigint as text; ids grow, but a later id may commit first: order by id, never page by it. */
  id: string;
  accountId: number;
  type: AccountEventType;
  subscriberId: number | null;
  data: Record<string, unknown>;
  occurredAt: Date;
}

/** Writes events in the caller's transaction: one statement however many. */
export async function recordEvents(db: Executor, events: NewAccountEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = JSON.stringify(
    events.map((e) => ({
      account_id: e.accountId,
      type: e.type,
      subscriber_id: e.subscriberId ?? null,
      data: e.data ?? {},
    })),
  );
  await q.insertEvents(db, rows);
}

export async function recordEvent(db: Executor, event: NewAccountEvent): Promise<void> {
  await recordEvents(db, [event]);
}
