import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, LogController } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { registerAccountStateGuard } from "../features/billing/account-state-guard";
import { accountByName } from "../features/growth/growth.queries";
import { FEATURES } from "../features/index";
import { registerActingAudit } from "../features/managed-accounts/managed-accounts.routes";
import { log } from "../log";
import { registerMetrics } from "../ops/metrics";
import { isReady } from "../ops/readiness";
import { registerApiAuth } from "./api-auth";
import { registerApiDocs } from "./api-docs";
import type { AppContext } from "./context";
import { errorHandler } from "./error-handler";
import { registerInputGuard } from "./input-guard";
import { registerPolicy } from "./policy";
import { pgRateLimitStore } from "./rate-limit-store";
import { registerRequestMeta } from "./request-meta";
import { registerSecurityHeaders } from "./security";
import { registerSession } from "./session";
import { registerTenantWall } from "./tenant-wall";
import { registerWebApp } from "./web-app";

export async function buildApp(
  ctx: AppContext,
  opts: { logger?: FastifyServerOptions["logger"] } = {},
) {
  const app = Fastify({
    // The server's one logger (src/server/log.ts) unless a caller (a test) brings its own.
    ...(opts.logger === undefined
      ? { loggerInstance: log.child({}, { level: ctx.config.LOG_LEVEL }) as FastifyBaseLogger }
      : { logger: opts.logger }),
    // Only behind a reverse proxy may X-Forwarded-* be believed (client IP for rate limits, https).
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // One line per request only when debugging; errors are logged either way.
    logController: new LogController({
      disableRequestLogging: ctx.config.LOG_LEVEL !== "debug" && ctx.config.LOG_LEVEL !== "trace",
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  // Before any route: every /api route gets its rule from the one policy table.
  registerPolicy(app);
  await registerSecurityHeaders(app, ctx.config);
  await app.register(cookie);
  // Limits are set per route (login, codes); nothing is limited unless a route asks.
  // Counted in PostgreSQL so that several web processes share every limit.
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(ctx.db) });
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
  app.get("/healthz", { schema: { hide: true } }, async () => {
    await ctx.db.$client.query("select 1");
    return { ok: true };
  });
  app.get("/readyz", { schema: { hide: true } }, async (_req, reply) => {
    if (!isReady()) return reply.status(503).send({ ok: false, reason: "starting" });
    await ctx.db.$client.query("select 1");
    return { ok: true };
  });

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

  await registerWebApp(app, ctx.config);
  return app;
}
