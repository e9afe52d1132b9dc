import type { FastifyRateLimitOptions, FastifyRateLimitStore } from "@fastify/rate-limit";
import type { Db } from "../db/connection";

export interface Hit {
  /** Requests counted in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * Counts one request against `key` in a fixed window, in PostgreSQL, so every web process shares
 * the count. Now and then (1 in 200 hits) the long-expired windows are swept.
 */
export async function hitRateLimit(db: Db, key: string, windowMs: number): Promise<Hit> {
  const res = await db.$client.query<{ count: number; ttl: number }>(
    `insert into rate_limits as r (key, count, reset_at)
     values ($1, 1, now() + $2::int * interval '1 millisecond')
     on conflict (key) do update
       set count = case when r.reset_at <= now() then 1 else r.count + 1 end,
           reset_at = case when r.reset_at <= now()
                           then now() + $2::int * interval '1 millisecond' else r.reset_at end
     returning count, greatest(0, extract(epoch from reset_at - now()) * 1000)::int as ttl`,
    [key, Math.round(windowMs)],
  );
  if (Math.random() < 0.005)
    void db.$client
      .query(`delete from rate_limits where reset_at < now() - interval '1 hour'`)
      .catch(() => {});
  const row = res.rows[0]!;
  return { current: row.count, ttl: row.ttl };
}

/** How many hits `key` has in its current window, without counting one. */
export async function peekRateLimit(db: Db, key: string): Promise<number> {
  const res = await db.$client.query<{ count: number }>(
    `select count from rate_limits where key = $1 and reset_at > now()`,
    [key],
  );
  return res.rows[0]?.count ?? 0;
}

/**
 * Hits counted in this process and added to the shared table once a second, all keys in one
 * statement, for routes hit too often to pay a database write each (the popup's render). A
 * process decides on its own hits plus the shared count of the last flush, so each process sees
 * the others' hits at most FLUSH_MS late: a client spread over several processes may get that
 * second's worth of extra hits per process before it is limited. Not for logins or codes, whose
 * limits must hold exactly. A crash forgets at most a second of hits.
 */
const FLUSH_MS = 1_000;

type Window = { resetAt: number; shared: number; local: number; windowMs: number };

export class BatchedRateLimitCounter {
  private readonly windows = new Map<string, Window>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => performance.now(),
  ) {}

  hit(key: string, windowMs: number): Hit {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { resetAt: now + windowMs, shared: 0, local: 0, windowMs };
      this.windows.set(key, w);
    }
    w.local++;
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
    return { current: w.shared + w.local, ttl: Math.max(0, Math.round(w.resetAt - now)) };
  }

  /** Adds this process's hits to the shared counts and reads them back (errors keep them local). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.write().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async write() {
    this.timer = null;
    const now = this.now();
    const sent = new Map<string, number>();
    const rows: { key: string; n: number; ms: number }[] = [];
    for (const [key, w] of this.windows) {
      if (w.resetAt <= now) this.windows.delete(key);
      else if (w.local > 0) {
        sent.set(key, w.local);
        rows.push({ key, n: w.local, ms: Math.round(w.resetAt - now) });
      }
    }
    if (!rows.length) return;
    try {
      const res = await this.db.$client.query<{ key: string; count: number; ttl: number }>(
        `insert into rate_limits as r (key, count, reset_at)
         select key, n, now() + ms * interval '1 millisecond'
           from jsonb_to_recordset($1::jsonb) as h(key text, n int, ms int)
         on conflict (key) do update
           set count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
               reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
         returning key, count, greatest(0, extract(epoch from reset_at - now()) * 1000)::int as ttl`,
        [JSON.stringify(rows)],
      );
      const at = this.now();
      for (const row of res.rows) {
        const w = this.windows.get(row.key);
        if (!w) continue;
        // Hits that arrived during the write stay local until the next flush.
        w.local -= sent.get(row.key) ?? 0;
        w.shared = row.count;
        w.resetAt = at + row.ttl;
      }
    } catch {
      // The database is away (or shutting down): the hits stay counted here.
    }
    if ([...this.windows.values()].some((w) => w.local > 0) && !this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** At a clean stop: the last second's hits reach the shared table. */
  async close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/** Spread into a route's `rateLimit` config: its hits go through the BatchedRateLimitCounter. */
export const countedInBatches: object = { batched: true };

/**
 * @fastify/rate-limit's store on the shared table; each route gets its own key space. A route
 * whose rate-limit config says `batched: true` counts through a BatchedRateLimitCounter.
 */
export function pgRateLimitStore(db: Db, batched = new BatchedRateLimitCounter(db)) {
  return class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = "",
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hitRateLimit(db, `${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, hit),
        (err: Error) => callback(err),
      );
    }

    /**
     * Called once per rate-limited route. The typings say a route; what the plugin passes is its
     * merged options, the route under `routeInfo` (and `groupId` when routes share a limit).
     */
    child(options: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const merged = options as unknown as {
        groupId?: string;
        routeInfo?: { method?: string | string[]; url?: string };
      };
      const route = merged.routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(",") : route.method;
      const space = merged.groupId ?? `${method ?? ""} ${route.url ?? ""}`;
      if ((options as { batched?: boolean }).batched) {
        const prefix = `${space}|`;
        return {
          incr: (key, callback, timeWindow) =>
            callback(null, batched.hit(`${prefix}${key}`, timeWindow)),
          child: (o) => this.child(o),
        } as FastifyRateLimitStore;
      }
      return new PgRateLimitStore({}, `${space}|`);
    }
  };
}
