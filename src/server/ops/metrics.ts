import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Config } from "../config";
import type { Db } from "../db/connection";
import { PARLEY_VERSION } from "../version";

/**
 * What an operator graphs and alerts on, in Prometheus' text format at GET /metrics: HTTP
 * traffic, the dispatcher's throughput and the carrier's errors (this process's counters), and
 * the depths and lag of every queue (read from PostgreSQL at scrape time, so any process tells
 * the truth about all of them).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "parley_" });

// The release this process runs, as Prometheus' build_info convention has it (value always 1).
new Gauge({
  name: "parley_build_info",
  help: "The Parley release this process runs",
  labelNames: ["version"] as const,
  registers: [registry],
}).set({ version: PARLEY_VERSION }, 1);

const httpDuration = new Histogram({
  name: "parley_http_request_duration_seconds",
  help: "HTTP requests by method, route pattern and status code",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const dispatched = new Counter({
  name: "parley_messages_dispatched_total",
  help: "Outgoing texts the dispatcher finished with, by outcome (accepted, retry, hold, failed)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const carrierErrors = new Counter({
  name: "parley_carrier_errors_total",
  help: "Texts that finally failed, by carrier error code",
  labelNames: ["code"] as const,
  registers: [registry],
});

/** The gauges PostgreSQL answers, at each scrape. */
const pending = new Gauge({
  name: "parley_messages_pending",
  help: "Outgoing texts waiting for the dispatcher, by lane (0 transactional, 1 marketing) and whether due",
  labelNames: ["lane", "due"] as const,
  registers: [registry],
});
const events = new Gauge({
  name: "parley_event_work_pending",
  help: "Account events not yet handled, by consumer",
  labelNames: ["consumer"] as const,
  registers: [registry],
});
const eventLag = new Gauge({
  name: "parley_event_work_lag_seconds",
  help: "Age of the oldest due account event not yet handled, by consumer",
  labelNames: ["consumer"] as const,
  registers: [registry],
});
const jobs = new Gauge({
  name: "parley_jobs_pending",
  help: "Background jobs (imports, exports, renewals…) waiting or running, by queue and state",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
});
const jobLag = new Gauge({
  name: "parley_jobs_lag_seconds",
  help: "How long the oldest job that is due has waited, by queue",
  labelNames: ["queue"] as const,
  registers: [registry],
});
const runs = new Gauge({
  name: "parley_send_runs_active",
  help: "Campaign runs being fanned out or dispatched",
  registers: [registry],
});
async function refreshQueues(db: Db) {
  const [m, e, j, r] = await Promise.all([
    db.$client.query<{ lane: number; due: boolean; n: number }>(
      `select lane, not_before <= now() as due, count(*)::int as n
           from messages where pending_dispatch group by 1, 2`,
    ),
    db.$client.query<{ consumer: string; n: number; lag: number | null }>(
      `select consumer, count(*)::int as n,
                extract(epoch from now() - min(not_before) filter (where not_before <= now()))::float8 as lag
           from account_event_work group by 1`,
    ),
    db.$client
      .query<{ queue: string; state: string; n: number; lag: number | null }>(
        `select name as queue, state::text, count(*)::int as n,
                  extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry')))::float8 as lag
             from pgboss.job where state in ('created', 'retry', 'active') group by 1, 2`,
      )
      .catch(() => ({ rows: [] })),
    db.$client.query<{ n: number }>(
      `select count(*)::int as n from send_runs where status in ('fanning_out', 'dispatching')`,
    ),
  ]);
  pending.reset();
  for (const row of m.rows)
    pending.set({ lane: String(row.lane), due: row.due ? "yes" : "no" }, row.n);
  events.reset();
  eventLag.reset();
  for (const row of e.rows) {
    events.set({ consumer: row.consumer }, row.n);
    eventLag.set({ consumer: row.consumer }, Math.max(0, row.lag ?? 0));
  }
  jobs.reset();
  jobLag.reset();
  for (const row of j.rows) {
    jobs.set({ queue: row.queue, state: row.state }, row.n);
    if (row.lag !== null) jobLag.set({ queue: row.queue }, Math.max(0, row.lag));
  }
  runs.set(r.rows[0]?.n ?? 0);
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * GET /metrics: with METRICS_TOKEN set, for a bearer of that token; without it, for loopback
 * callers only (a Prometheus beside the server), so the figures never leak to the internet.
 */
export function registerMetrics(app: FastifyInstance, config: Config, db: Db): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route || route === "/metrics") return;
    httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const token = config.METRICS_TOKEN;
    const allowed = token
      ? request.headers.authorization === `Bearer ${token}`
      : LOOPBACK.has(request.socket.remoteAddress ?? "");
    if (!allowed) {
      return reply.code(token ? 401 : 403).send({
        error: { code: "FORBIDDEN", message: "Metrics need the METRICS_TOKEN bearer token." },
      });
    }
    await refreshQueues(db);
    reply.header("content-type", registry.contentType);
    return registry.metrics();
  });
}
