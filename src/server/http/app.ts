import path from "node:path";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { asSystem } from "../db/tenant-scope";
import { accountByName } from "../features/account/account-records.service";
import { resolveDeeplink } from "../features/auth/deeplinks.service";
import { registerAccountStateGuard } from "../features/billing/account-state-guard";
import { FEATURES } from "../features/index";
import { registerActingAudit } from "../features/managed-accounts/managed-accounts.routes";
import { log } from "../log";
import { registerMetrics } from "../ops/metrics";
import { registerHealth } from "../ops/readiness";
import { registerApiAuth } from "./api-auth";
import { registerApiDocs } from "./api-docs";
import { registerChangeAudit } from "./change-audit";
import { compiledSerializerCompiler } from "./compiled-serializer";
import type { AppContext } from "./context";
import { errorHandler } from "./error-handler";
import { registerInputGuard } from "./input-guard";
import { registerPolicy } from "./policy";
import { BatchedRateLimitCounter, pgRateLimitStore } from "./rate-limit-store";
import { registerRequestMeta } from "./request-meta";
import { registerSecurityHeaders } from "./security";
import { registerSession } from "./session";
import { registerTenantWall } from "./tenant-wall";
import { registerWebApp } from "./web-app";

/** Probes and metrics scrapes: polled every few seconds, they would drown the requests of people. */
const UNLOGGED_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * One `info` line per request, once answered: method, path (no query string, where tokens and
 * search terms travel), status and duration in milliseconds. Not for the probes, the metrics and
 * the web app's static files (a page load fetches dozens).
 */
function logRequests(app: FastifyInstance) {
  app.addHook("onResponse", async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (UNLOGGED_PATHS.has(pathname)) return;
    if (!pathname.startsWith("/api/") && path.extname(pathname)) return;
    request.log.info(
      {
        method: request.method,
        path: pathname,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request",
    );
  });
}

export async function buildApp(
  ctx: AppContext,
  opts: { logger?: FastifyServerOptions["logger"]; loggerInstance?: FastifyBaseLogger } = {},
) {
  const app = Fastify({
    // The server's one logger (src/server/log.ts) unless a caller (a test) brings its own.
    ...(opts.logger !== undefined
      ? { logger: opts.logger }
      : {
          loggerInstance:
            opts.loggerInstance ??
            (log.child({}, { level: ctx.config.LOG_LEVEL }) as FastifyBaseLogger),
        }),
    // Only behind a reverse proxy may X-Forwarded-* be believed (client IP for rate limits, https).
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Fastify's two lines per request (received, completed) give way to our one (logRequests).
    logController: new LogController({ disableRequestLogging: true }),
  });
  logRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  // Answers written by serializers compiled from their schemas; outside production zod checks
  // every answer too and the two must agree.
  app.setSerializerCompiler(
    compiledSerializerCompiler({ checked: ctx.config.NODE_ENV !== "production" }),
  );
  app.setErrorHandler(errorHandler);

  // Before any route: every /api route gets its rule from the one policy table.
  registerPolicy(app);
  // Before compression's onSend: the audit row reads the answer (the changed thing's id, name).
  registerChangeAudit(app, ctx);
  await registerSecurityHeaders(app, ctx.config);
  await app.register(cookie);
  // Limits are set per route (login, codes); nothing is limited unless a route asks.
  // Counted in PostgreSQL so that several web processes share every limit.
  // Routes marked `batched` (the popup's render) count in memory, shared once a second.
  const batchedLimits = new BatchedRateLimitCounter(ctx.db);
  app.addHook("onClose", () => batchedLimits.close());
  await app.register(rateLimit, {
    global: false,
    store: pgRateLimitStore(ctx.db, batchedLimits),
  });
  // API answers and the OpenAPI document, br or gzip by Accept-Encoding. Static files come
  // compressed from the build (preCompressed in web-app.ts); event streams are never buffered.
  // The web app's files are compressed once at build (preCompressed in web-app.ts); the ones the
  // build left plain (small, or images) are not worth compressing on every request.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") && path.extname(route.url)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    customTypes:
      /^(text\/(?!event-stream)|application\/(.+\+)?(json|javascript|xml)|image\/svg\+xml)/,
    // Brotli's default (11) is meant for files compressed once; 4 is gzip's speed at a better ratio.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Answers up to 64 KB (a list page is ~8 KB) compressed in one call (~0.1 ms) rather than
    // through a zlib stream each, whose set-up cost ~1 ms of CPU a request; the plugin's default
    // on 2 cores (8 KB) sent a 25-row page down the stream.
    syncThreshold: 65_536,
  });
  await registerApiDocs(app);

  registerRequestMeta(app);
  if (ctx.config.TENANT_WALL === "on")
    registerTenantWall(app, {
      // Public pages name their account (/api/subscribe/:accountName): found as the page does.
      accountOfPage: async (name) => (await accountByName(ctx.db, name))?.id ?? null,
    });
  registerSession(app, ctx);
  registerActingAudit(app, ctx);
  registerApiAuth(app, ctx);
  registerAccountStateGuard(app, ctx);
  registerInputGuard(app);

  registerMetrics(app, ctx.config, ctx.db);
  registerHealth(app, ctx.db.$client);

  // Every feature's routes (features/index.ts), in order; each /api route's rule is in its
  // feature's policy.
  for (const feature of FEATURES) {
    for (const register of feature.routes ?? []) await register(app, ctx);
  }
  // The carrier protocol is form-encoded; the app's own API stays JSON only (no form CSRF).
  // Only the configured carrier's webhooks exist: Telnyx's (JSON, Ed25519, a route of
  // carrier-webhooks) or Twilio's (and the emulator's), in one scope that parses forms.
  if (ctx.carrierSettings.mode !== "telnyx") {
    await app.register(async (carrierScope) => {
      await carrierScope.register(formbody);
      for (const feature of FEATURES) {
        for (const register of feature.carrierWebhooks ?? []) await register(carrierScope, ctx);
      }
    });
  }

  await registerWebApp(app, ctx.config, (id) =>
    asSystem(() => resolveDeeplink(ctx, id)).then(
      () => true,
      () => false,
    ),
  );
  return app;
}
