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

/** @fastify/rate-limit's store on the shared table; each route gets its own key space. */
export function pgRateLimitStore(db: Db) {
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
      return new PgRateLimitStore({}, `${space}|`);
    }
  };
}
