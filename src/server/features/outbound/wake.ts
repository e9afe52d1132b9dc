import pg from "pg";
import type { AppContext } from "../../http/context";
import { listenOn, notifyChannel } from "./outbound.queries";

/**
 * Wakes the dispatchers and the rest of the send pipeline in every process the moment there is
 * new work (LISTEN/NOTIFY on the shared PostgreSQL), so a one-to-one text reaches the carrier in
 * milliseconds, not at the next poll. Polling stays as the safety net.
 */
const CHANNEL = "parley_pipeline";

export interface Queryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/** Inside a transaction the notice is delivered at commit, when the new rows are visible. */
export async function wakePipeline(db: Queryable): Promise<void> {
  await notifyChannel(db, CHANNEL);
}

/** Calls `onWake` on every notice until the returned stop function is called; reconnects. */
export function listenForWork(ctx: AppContext, onWake: () => void): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client(ctx.db.$client.options);
    client = c;
    c.on("notification", () => onWake());
    c.on("error", () => {
      // The connection broke (a PostgreSQL restart): polling carries on meanwhile.
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, 1000);
    });
    try {
      await c.connect();
      await listenOn(c, CHANNEL);
    } catch {
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, 1000);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
