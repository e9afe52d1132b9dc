import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, LogController } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { registerEmulator } from "../carriers/emulator/emulator.routes";
import { virtualPhonesRoutes } from "../carriers/emulator/virtual-phones.routes";
import { accountRoutes } from "../features/account/account.routes";
import { aiRoutes } from "../features/ai/ai.routes";
import { analyticsRoutes } from "../features/analytics/analytics.routes";
import { conversionsRoutes } from "../features/analytics/conversions.routes";
import { apiKeysRoutes } from "../features/api-keys/api-keys.routes";
import { authRoutes } from "../features/auth/auth.routes";
import { autoRepliesRoutes } from "../features/automations/auto-replies.routes";
import { automationsRoutes } from "../features/automations/automations.routes";
import { accountLifeRoutes } from "../features/billing/account-life.routes";
import { registerAccountStateGuard } from "../features/billing/account-state-guard";
import { campaignsRoutes } from "../features/campaigns/campaigns.routes";
import { carrierWebhookRoutes } from "../features/carrier-webhooks/carrier-webhooks.routes";
import { telnyxWebhookRoutes } from "../features/carrier-webhooks/telnyx-webhooks.routes";
import { chatbotsRoutes } from "../features/chatbots/chatbots.routes";
import { composerRoutes } from "../features/composer/composer.routes";
import { contactCardRoutes } from "../features/contact-card/contact-card.routes";
import { creditsRoutes } from "../features/credits/credits.routes";
import { customFieldsRoutes } from "../features/custom-fields/custom-fields.routes";
import { groupsRoutes } from "../features/groups/groups.routes";
import { accountByName } from "../features/growth/growth.queries";
import { growthRoutes } from "../features/growth/growth.routes";
import { growthReportsRoutes } from "../features/growth-reports/growth-reports.routes";
import { helpRoutes } from "../features/help/help.routes";
import { inboxRoutes } from "../features/inbox/inbox.routes";
import { integrationsRoutes } from "../features/integrations/integrations.routes";
import { linksRoutes } from "../features/links/links.routes";
import { mailboxRoutes } from "../features/mail/mailbox.routes";
import {
  managedAccountsRoutes,
  registerActingAudit,
} from "../features/managed-accounts/managed-accounts.routes";
import { marketingRoutes } from "../features/marketing/marketing.routes";
import { mcpRoutes } from "../features/mcp/mcp.routes";
import { mcpOAuthRoutes } from "../features/mcp/mcp-oauth.routes";
import { numbersRoutes } from "../features/numbers/numbers.routes";
import { registrationRoutes } from "../features/numbers/registration.routes";
import { publicApiRoutes } from "../features/public-api/v1.routes";
import { referenceDataRoutes } from "../features/reference-data/reference-data.routes";
import { registrationsRoutes } from "../features/registrations/registrations.routes";
import { reportsRoutes } from "../features/reports/reports.routes";
import { sendsRoutes } from "../features/sends/sends.routes";
import { settingsRoutes } from "../features/settings/settings.routes";
import { signatureRoutes } from "../features/signature/signature.routes";
import { exportsRoutes } from "../features/subscriber-exports/exports.routes";
import { importsRoutes } from "../features/subscriber-imports/imports.routes";
import { subscribersRoutes } from "../features/subscribers/subscribers.routes";
import { templatesRoutes } from "../features/templates/templates.routes";
import { unhealthySubscribersRoutes } from "../features/unhealthy-subscribers/unhealthy.routes";
import { usersRoutes } from "../features/users/users.routes";
import { voiceRoutes } from "../features/voice/voice.routes";
import { voiceWebhookRoutes } from "../features/voice/voice-webhook.routes";
import { webhooksRoutes } from "../features/webhooks/webhooks.routes";
import { webinarConnectionsRoutes } from "../features/webinars/webinar-connections.routes";
import { webinarsRoutes } from "../features/webinars/webinars.routes";
import { workflowsRoutes } from "../features/workflows/workflows.routes";
import { log } from "../log";
import { registerMetrics } from "../ops/metrics";
import { realtimeRoutes } from "../realtime/realtime.routes";
import { registerApiAuth } from "./api-auth";
import type { AppContext } from "./context";
import { errorHandler } from "./error-handler";
import { registerInputGuard } from "./input-guard";
import { registerPolicy } from "./policy";
import { pgRateLimitStore } from "./rate-limit-store";
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
  await app.register(swagger, {
    openapi: {
      info: { title: "Parley API", version: "0.1.0" },
      components: {
        // The public API (/api/v1, /api/mcp): a key from the developer dashboard.
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "pk_…",
            description:
              "A key from Developer Home. A parent account's key with accounts:write acts in one of its managed accounts with the header `Parley-Account: <child account id>` (its own scopes, the child's data only, each change in the child's activity).",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

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

  authRoutes(app, ctx);
  mailboxRoutes(app, ctx);
  usersRoutes(app, ctx);
  creditsRoutes(app, ctx);
  sendsRoutes(app, ctx);
  accountRoutes(app, ctx);
  settingsRoutes(app, ctx);
  referenceDataRoutes(app);
  numbersRoutes(app, ctx);
  registrationRoutes(app, ctx);
  registrationsRoutes(app, ctx);
  subscribersRoutes(app, ctx);
  groupsRoutes(app, ctx);
  customFieldsRoutes(app, ctx);
  await importsRoutes(app, ctx);
  exportsRoutes(app, ctx);
  unhealthySubscribersRoutes(app, ctx);
  templatesRoutes(app, ctx);
  linksRoutes(app, ctx);
  await contactCardRoutes(app, ctx);
  aiRoutes(app, ctx);
  reportsRoutes(app, ctx);
  growthReportsRoutes(app, ctx);
  analyticsRoutes(app, ctx);
  conversionsRoutes(app, ctx);
  helpRoutes(app, ctx);
  realtimeRoutes(app, ctx);
  inboxRoutes(app, ctx);
  await composerRoutes(app, ctx);
  signatureRoutes(app, ctx);
  automationsRoutes(app, ctx);
  workflowsRoutes(app, ctx);
  autoRepliesRoutes(app, ctx);
  chatbotsRoutes(app, ctx);
  campaignsRoutes(app, ctx);
  apiKeysRoutes(app, ctx);
  await publicApiRoutes(app, ctx);
  webhooksRoutes(app, ctx);
  mcpRoutes(app, ctx);
  mcpOAuthRoutes(app, ctx);
  integrationsRoutes(app, ctx);
  await growthRoutes(app, ctx);
  marketingRoutes(app, ctx);
  accountLifeRoutes(app, ctx);
  managedAccountsRoutes(app, ctx);
  webinarConnectionsRoutes(app, ctx);
  webinarsRoutes(app, ctx);
  voiceRoutes(app, ctx);
  // The carrier protocol is form-encoded; the app's own API stays JSON only (no form CSRF).
  // Only the configured carrier's webhooks exist: Telnyx's (JSON, Ed25519) or Twilio's.
  if (ctx.carrierSettings.mode === "telnyx") {
    telnyxWebhookRoutes(app, ctx, ctx.carrierSettings);
  } else {
    await app.register(async (carrierScope) => {
      await carrierScope.register(formbody);
      carrierWebhookRoutes(carrierScope, ctx);
      voiceWebhookRoutes(carrierScope, ctx);
      if (ctx.config.useEmulator) registerEmulator(carrierScope, ctx);
    });
  }
  if (ctx.config.useEmulator) virtualPhonesRoutes(app, ctx);

  await registerWebApp(app, ctx.config);
  return app;
}
