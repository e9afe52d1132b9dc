import type { FastifyInstance } from "fastify";
import { PARLEY_VERSION } from "../version";
import { shippedMigrations } from "./migration-state";

/**
 * Whether this process has finished starting: migrations run, background work started, the demo
 * seeded where it is. `/readyz` answers 503 until then, so a load balancer (or the browser
 * tests) sends no traffic to a process still busy starting, while `/healthz` says it is alive.
 */
let ready = false;

export function markReady(): void {
  ready = true;
}

export function isReady(): boolean {
  return ready;
}

/** What `/readyz` needs of the database: a pool (or client) to ask. */
export interface Queryable {
  query(text: string): Promise<{ rows: unknown[] }>;
}

/** A probe answers within a load balancer's timeout even when the pool has no free connection. */
const DATABASE_CHECK_MS = 2000;

export type Readiness = { ok: true } | { ok: false; reason: string };

/** Started, the database answering, and every migration this code ships applied to it. */
export async function readiness(db: Queryable): Promise<Readiness> {
  if (!ready) return { ok: false, reason: "starting" };
  let timer: NodeJS.Timeout | undefined;
  try {
    const newest = await Promise.race([
      db.query("select max(created_at)::text as last from drizzle.__drizzle_migrations"),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer in ${DATABASE_CHECK_MS} ms`)),
          DATABASE_CHECK_MS,
        );
      }),
    ]);
    const shipped = shippedMigrations().at(-1)?.when ?? 0;
    const applied = Number((newest.rows[0] as { last?: string | null } | undefined)?.last ?? 0);
    if (applied < shipped) return { ok: false, reason: "database migrations not applied" };
    return { ok: true };
  } catch (err) {
    // undefined_table: drizzle never migrated this database.
    if ((err as { code?: string }).code === "42P01")
      return { ok: false, reason: "database migrations not applied" };
    return { ok: false, reason: `database unreachable: ${(err as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz`: the process is alive and answering (no database: a database outage must not make
 * an orchestrator restart every process). `/readyz`: it should get work (see `readiness`), else
 * 503 with the reason. Web processes serve them on PORT, workers beside their metrics.
 */
export function registerHealth(app: FastifyInstance, db: Queryable): void {
  app.get("/healthz", { schema: { hide: true } }, async () => ({
    ok: true,
    version: PARLEY_VERSION,
  }));
  app.get("/readyz", { schema: { hide: true } }, async (_req, reply) => {
    const state = await readiness(db);
    return reply.status(state.ok ? 200 : 503).send(state);
  });
}
