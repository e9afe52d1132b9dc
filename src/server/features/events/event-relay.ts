import { type Executor, inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { expectedAtShutdown } from "../../shutdown";
import * as q from "./events.queries";
import type { AccountEvent, AccountEventType } from "./events.service";

// Large enough that a burst (a bulk join: one event a person) costs few transactions: every
// consumer but the phone alerts (replies only) handles its batch in a few set-based statements.
const BATCH = 2000;
/** A batch whose handler failed waits this long, doubled per attempt, up to an hour. */
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 3_600_000;

/**
 * Handles a batch of one consumer's events, oldest first, inside the transaction that holds
 * them: what it writes with `tx` commits together with their acknowledgement, so each event is
 * acted on exactly once. Throwing rolls the batch back; it is tried again after a backoff.
 */
export type EventHandler = (ctx: AppContext, tx: Executor, events: AccountEvent[]) => Promise<void>;

/**
 * A consumer of the outbox as a feature declares it: the event types it handles (the same list
 * its migration writes to account_event_consumers.types: only those events get work rows for it)
 * and its handler.
 */
export interface EventConsumer {
  types: readonly AccountEventType[];
  handle: EventHandler;
}

const handlers = new Map<string, EventHandler>();

/** Registers the handler of a consumer named in account_event_consumers (by its migration). */
export function registerEventHandler(consumer: string, handler: EventHandler): void {
  handlers.set(consumer, handler);
}

export function unregisterEventHandler(consumer: string): void {
  handlers.delete(consumer);
}

/**
 * One pass over every registered consumer: takes a batch of due work (SKIP LOCKED, so any
 * number of workers share it) and runs the handler in one transaction.
 * Returns whether there was work, so the pipeline loop runs again at once.
 */
export async function relayEvents(ctx: AppContext): Promise<boolean> {
  let busy = false;
  for (const [consumer, handler] of handlers) {
    let claimed: string[] = [];
    const t0 = performance.now();
    const ms: Record<string, number> = {};
    try {
      await inTransaction(ctx.db, async (tx) => {
        const rows = await q.takeWork(tx, consumer, BATCH);
        ms.claim = performance.now() - t0;
        if (rows.length === 0) return;
        claimed = rows.map((r) => r.id);
        const events: AccountEvent[] = rows.map((r) => ({
          id: r.id,
          accountId: r.account_id,
          type: r.type,
          subscriberId: r.subscriber_id,
          data: r.data ?? {},
          occurredAt: new Date(r.occurred_at),
        }));
        // The handler's context is this transaction: what it reads and writes stays on it.
        await handler({ ...ctx, db: tx }, tx, events);
        ms.handler = performance.now() - t0 - ms.claim;
      });
      if (claimed.length > 0) {
        busy = true;
        ms.total = performance.now() - t0;
        log.debug({ component: "event-relay", consumer, events: claimed.length, ms }, "batch");
      }
    } catch (err) {
      // The database going away at shutdown: the claims roll back and the next start relays them.
      if (claimed.length === 0 || expectedAtShutdown(err)) throw err;
      const message = err instanceof Error ? err.message : String(err);
      log.error(
        { component: "event-relay", consumer, events: claimed.length, err },
        "events wait for a retry",
      );
      await q.retryWorkLater(ctx.db, consumer, claimed, message, RETRY_BASE_MS, RETRY_MAX_MS);
    }
  }
  return busy;
}
