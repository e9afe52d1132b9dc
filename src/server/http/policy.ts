import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { API_KEY_TEXT } from "../../domain/api-keys";
import { AppError } from "../../domain/errors";
import { can, type Permission } from "../../domain/permissions";
import { TEXT } from "../../domain/texts";
import { isKeyRoute } from "./api-auth";
import { SESSION_ENDED } from "./session";

/** Anyone may call it, signed in or not (sign-in, sign-up, links from e-mails, the docs). */
export const PUBLIC = "public";
type Rule = Permission | typeof PUBLIC;

/**
 * Every /api route with what it takes to call it, read in a minute (listmonk's `pm(handler,
 * perm)` table). Which actor holds which permission is src/domain/permissions.ts; what a
 * permission still leaves to the data (an agent's groups, a restricted user's numbers, one's own
 * export) the service decides. A route missing here stops the server at boot.
 */
export const POLICY: Record<string, Rule> = {
  // Sign-in, sign-up and the links that come by e-mail or text.
  "POST /api/auth/login": PUBLIC,
  "POST /api/auth/logout": PUBLIC,
  "GET /api/auth/check": PUBLIC,
  "GET /api/auth/providers": PUBLIC,
  "GET /api/auth/oauth/:provider/start": PUBLIC,
  "GET /api/auth/oauth/:provider/callback": PUBLIC,
  "POST /api/auth/forgot-password": PUBLIC,
  "POST /api/auth/reset-password": PUBLIC,
  "POST /api/auth/activate": PUBLIC,
  "GET /api/auth/verify-email": PUBLIC,
  "GET /api/auth/verify-device": PUBLIC,
  "POST /api/auth/verification-email/resend": PUBLIC,
  "POST /api/auth/magic-link": PUBLIC,
  "POST /api/auth/magic-token": PUBLIC,
  "POST /api/auth/admin-signup": PUBLIC,
  "GET /api/auth/pending-mail": PUBLIC,
  // Signed in, or in the middle of a sign-in (a challenge cookie): the service tells which.
  "GET /api/auth/phone-verification": PUBLIC,
  "POST /api/auth/phone-verification/send": PUBLIC,
  "POST /api/auth/phone-verification/verify": PUBLIC,
  "GET /api/auth/tfa": PUBLIC,
  "POST /api/auth/tfa/sms": PUBLIC,
  "POST /api/auth/tfa/validate": PUBLIC,
  "GET /api/users/invites/verify": PUBLIC,
  "POST /api/users/invites/accept": PUBLIC,
  "GET /api/deeplinks/:id/uri": PUBLIC,
  "GET /api/contact-card/:file": PUBLIC,
  "GET /api/data/timezones": PUBLIC,
  "GET /api/data/industries": PUBLIC,
  "GET /api/docs": PUBLIC,
  "GET /api/docs/": PUBLIC,
  "GET /api/docs/json": PUBLIC,
  "GET /api/docs/yaml": PUBLIC,
  "GET /api/docs/static/*": PUBLIC,
  "GET /api/docs/static/index.html": PUBLIC,
  "GET /api/docs/static/swagger-initializer.js": PUBLIC,

  // One's own things.
  "GET /api/account/me": "self",
  "GET /api/auth/two-factor": "self",
  "POST /api/auth/two-factor/app": "self",
  "POST /api/auth/two-factor/sms": "self",
  "POST /api/auth/two-factor/confirm": "self",
  "POST /api/auth/two-factor/disable": "self",
  "GET /api/deeplinks": "self",
  "POST /api/deeplinks": "self",
  "DELETE /api/deeplinks/:id": "self",
  "GET /api/user/settings/:name": "self",
  "PUT /api/user/settings/:name": "self",
  "GET /api/mailbox": "self",
  "GET /api/mailbox/:id": "self",
  "GET /api/signature": "self",
  "PUT /api/signature": "self",
  "GET /api/realtime/token": "self",
  "PUT /api/users/:id": "self",
  "GET /api/notifications": "self",
  "POST /api/notifications/read-all": "self",
  "POST /api/notifications/:id/read": "self",

  // Account.
  "GET /api/account/settings/:name": "account:read",
  "GET /api/global-settings/:name": "account:read",
  // Display preferences (page sizes, the tour) are anyone's; the service asks settings:write
  // for the rest.
  "PUT /api/account/settings/:name": "account:read",
  "GET /api/dashboard": "dashboard:read",
  // Billing: the owner only (doc 1 §6).
  "GET /api/billing/summary": "billing",
  "GET /api/billing/plans": "billing",
  "PUT /api/billing/payment-method": "billing",
  "POST /api/billing/upgrade": "billing",
  "POST /api/billing/reactivate": "billing",
  "POST /api/billing/cancel": "billing",
  "POST /api/billing/pause": "billing",
  "PUT /api/billing/auto-topup": "billing",
  "GET /api/billing/invoices": "billing",
  "GET /api/billing/invoices/:id": "billing",
  "GET /api/billing/invoices/:id/pdf": "billing",
  "GET /api/account/profile": "account:read",
  "PUT /api/account/profile": "settings:write",
  "GET /api/credits": "account:read",
  "POST /api/credits/purchase": "credits:buy",
  "GET /api/auth/sign-in-policy": "billing",
  "PUT /api/auth/sign-in-policy": "billing",
  "GET /api/contact-card": "account:read",

  "POST /api/contact-card": "settings:write",

  // Users.
  "GET /api/users": "users:manage",
  "POST /api/users/invites": "users:manage",
  "POST /api/users/invites/:id/resend": "users:manage",
  "DELETE /api/users/invites/:id": "users:manage",
  "DELETE /api/users/:id": "users:manage",

  // Numbers and registration (the owner's: spec doc 1 §6).
  "GET /api/dedicated-numbers": "account:read",
  "GET /api/dedicated-numbers/has-valid-sending-number": "account:read",
  "GET /api/dedicated-numbers/:id": "account:read",
  "GET /api/dedicated-numbers/available": "numbers:manage",
  "POST /api/dedicated-numbers": "numbers:manage",
  "PATCH /api/dedicated-numbers/:id": "numbers:manage",
  "DELETE /api/dedicated-numbers/:id": "numbers:manage",
  "POST /api/dedicated-numbers/:id/toll-free-verification": "numbers:manage",
  "GET /api/brand-registration": "registration:manage",
  "PUT /api/brand-registration/brand": "registration:manage",
  "PUT /api/brand-registration/campaign": "registration:manage",

  // Subscribers (an agent's are those of their groups).
  "GET /api/subscribers": "subscribers:read",
  "GET /api/subscribers/count": "subscribers:read",
  "GET /api/subscribers/memberships": "subscribers:read",
  "GET /api/subscribers/:id": "subscribers:read",
  "GET /api/subscribers/:id/consent-history": "subscribers:read",
  "GET /api/subscribers/:id/messages": "subscribers:read",
  "POST /api/subscribers": "subscribers:write",
  "PATCH /api/subscribers/:id": "subscribers:write",
  "POST /api/subscribers/:id/opt-out": "subscribers:write",
  "POST /api/subscribers/:id/opt-in": "subscribers:write",
  "POST /api/subscribers/:id/block": "subscribers:write",
  "POST /api/subscribers/:id/unblock": "subscribers:write",
  "POST /api/subscribers/:id/marketing-consent": "subscribers:write",
  "DELETE /api/subscribers/:id": "subscribers:delete",
  "POST /api/subscribers/bulk/delete": "subscribers:bulk",
  "POST /api/subscribers/bulk/add-to-group": "subscribers:bulk",
  "POST /api/subscribers/bulk/remove-from-group": "subscribers:bulk",
  "GET /api/unhealthy-subscribers": "subscribers:bulk",
  "POST /api/unhealthy-subscribers/clean-up": "subscribers:bulk",
  "POST /api/unhealthy-subscribers/line-check": "subscribers:bulk",
  "GET /api/subscribers/imports": "subscribers:import",
  "POST /api/subscribers/imports": "subscribers:import",
  "GET /api/subscribers/imports/:id": "subscribers:import",
  "GET /api/subscribers/imports/:id/preview": "subscribers:import",
  "POST /api/subscribers/imports/:id/start": "subscribers:import",
  "DELETE /api/subscribers/imports/:id": "subscribers:import",
  "GET /api/subscribers/imports/:id/failed-rows": "subscribers:import",
  "GET /api/subscribers/exports": "subscribers:export",
  "POST /api/subscribers/exports": "subscribers:export",
  "GET /api/subscribers/exports/:id": "subscribers:export",
  "GET /api/subscribers/exports/:id/download": "subscribers:export",

  // Groups and custom fields.
  "GET /api/groups": "groups:read",
  "GET /api/groups/:id": "groups:read",
  "POST /api/groups/adaptive-member-counts": "groups:read",
  "POST /api/groups/rules-preview": "groups:write",
  "POST /api/groups": "groups:write",
  "PATCH /api/groups/:id": "groups:write",
  "POST /api/groups/:id/members": "groups:write",
  "POST /api/groups/:id/members/remove": "groups:write",
  "DELETE /api/groups/:id": "groups:delete",
  "GET /api/custom-fields": "fields:read",
  "GET /api/custom-fields/:id": "fields:read",
  "GET /api/custom-fields/:id/years": "fields:read",
  "POST /api/custom-fields": "fields:write",
  "PATCH /api/custom-fields/:id": "fields:write",
  "DELETE /api/custom-fields/:id": "fields:write",

  // Inbox (an agent's conversations are those of their groups, a restricted user's those of
  // their numbers).
  "GET /api/inbox/context": "inbox:read",
  "GET /api/inbox/counts": "inbox:read",
  "GET /api/inbox/conversations": "inbox:read",
  "GET /api/inbox/conversations/find": "inbox:read",
  "GET /api/inbox/conversations/:id": "inbox:read",
  "GET /api/inbox/conversations/:id/messages": "inbox:read",
  "GET /api/inbox/conversations/:id/export": "inbox:read",
  "GET /api/inbox/assignable-users": "inbox:read",
  "POST /api/inbox/conversations/:id/messages": "inbox:reply",
  "POST /api/inbox/conversations/:id/read": "inbox:reply",
  "PUT /api/inbox/conversations/:id/assignee": "inbox:reply",
  "POST /api/inbox/conversations/:id/archive": "inbox:reply",
  "POST /api/inbox/conversations/:id/unarchive": "inbox:reply",
  "POST /api/inbox/conversations/:id/unsubscribe": "inbox:reply",
  "POST /api/inbox/conversations/:id/block": "inbox:reply",
  "DELETE /api/inbox/messages/:id": "inbox:reply",
  "POST /api/inbox/mark-all-read": "inbox:reply",
  "POST /api/inbox/bulk": "inbox:reply",

  // Composing: the tools serve the inbox's reply box too.
  "POST /api/uploads/image": "compose:tools",
  "POST /api/uploads/attachment": "compose:tools",
  "POST /api/ai/propose": "compose:tools",
  "POST /api/ai/shorten": "compose:tools",
  "POST /api/ai/image": "compose:tools",
  "GET /api/content-status": "compose:tools",
  "GET /api/templates/unverified-toll-free": "compose:tools",
  "GET /api/templates": "compose:tools",
  "GET /api/templates/:id": "compose:tools",
  "GET /api/controlled-templates": "compose:tools",
  "GET /api/controlled-templates/:id": "compose:tools",
  "POST /api/templates/starter": "templates:write",
  "POST /api/templates": "templates:write",
  "PUT /api/templates/:id": "templates:write",
  "DELETE /api/templates/:id": "templates:write",
  "POST /api/controlled-templates": "templates:write",
  "PUT /api/controlled-templates/:id": "templates:write",
  "DELETE /api/controlled-templates/:id": "templates:write",
  "GET /api/links": "compose:tools",
  "GET /api/links/tags": "compose:tools",
  "GET /api/links/review-links": "compose:tools",
  "GET /api/links/:id": "compose:tools",
  "POST /api/links": "compose:tools",
  "PATCH /api/links/:id": "links:write",

  // Campaigns and reports.
  "POST /api/messages/test": "sends:write",
  "POST /api/sends": "sends:write",
  "POST /api/sends/audience": "sends:write",
  "GET /api/sends/:id": "sends:read",
  "PUT /api/sends/:id": "sends:write",
  "DELETE /api/sends/:id": "sends:write",
  "GET /api/sends/scheduled": "sends:read",
  // Automations (drips, workflows, chatbots) and automated replies: what sending is to a campaign.
  "GET /api/automations": "sends:read",
  "POST /api/automations": "sends:write",
  "POST /api/automations/validate": "sends:write",
  "GET /api/automations/clock": "sends:read",
  "POST /api/automations/clock": "sends:write",
  "GET /api/automations/:id": "sends:read",
  "PUT /api/automations/:id": "sends:write",
  "POST /api/automations/:id/status": "sends:write",
  "POST /api/automations/:id/stop": "sends:write",
  "GET /api/automations/:id/report": "sends:read",
  "DELETE /api/automations/:id": "sends:write",
  "GET /api/auto-replies": "sends:read",
  "POST /api/auto-replies": "sends:write",
  "POST /api/auto-replies/order": "sends:write",
  "POST /api/auto-replies/preview": "sends:read",
  "GET /api/auto-replies/:id": "sends:read",
  "PUT /api/auto-replies/:id": "sends:write",
  "DELETE /api/auto-replies/:id": "sends:write",
  "GET /api/reports/sent-messages": "reports:read",
  "GET /api/reports/sent-messages/export": "reports:read",
  "GET /api/reports/sent-messages/:id": "reports:read",
  "GET /api/reports/sent-messages/:id/recipients": "reports:read",
  "GET /api/reports/sent-messages/:id/recipients/export": "reports:read",
  "GET /api/reports/subscribers": "reports:read",
  "GET /api/reports/opt-outs": "reports:read",
  "GET /api/reports/link-clicks/subscribers": "reports:read",
  "GET /api/reports/link-clicks/sends": "reports:read",
  "POST /api/reports/exports": "reports:read",
  "GET /api/reports/exports": "reports:read",
  "GET /api/reports/exports/:id": "reports:read",
  "GET /api/reports/exports/:id/download": "reports:read",
  "GET /api/analytics": "reports:read",
  "GET /api/analytics/cohorts": "reports:read",
  "GET /api/analytics/conversions": "reports:read",
  "GET /api/analytics/conversions/settings": "reports:read",
  "PUT /api/analytics/conversions/settings": "settings:write",
  "POST /api/public/conversions": PUBLIC,
  "GET /api/public/conversions/pixel": PUBLIC,
  "POST /api/help/contact": "self",
  "GET /api/help/booking": "self",

  // The developer dashboard: API keys and their request log (a person's session).
  "GET /api/api-keys": "developer:manage",
  "POST /api/api-keys": "developer:manage",
  "DELETE /api/api-keys/:id": "developer:manage",
  "GET /api/api-keys/:id/requests": "developer:manage",

  // The public REST API: API keys only (api-auth.ts). A key's scopes are permissions
  // (src/domain/api-keys.ts: 'subscribers:read' holds subscribers:read, fields:read and
  // groups:read; each area's write adds its writes), so the rule reads as for people.
  "GET /api/v1/subscribers": "subscribers:read",
  "GET /api/v1/subscribers/:id": "subscribers:read",
  "POST /api/v1/subscribers": "subscribers:write",
  "PATCH /api/v1/subscribers/:id": "subscribers:write",
  "POST /api/v1/subscribers/:id/opt-out": "subscribers:write",
  "DELETE /api/v1/subscribers/:id": "subscribers:delete",
  "GET /api/v1/groups": "groups:read",
  "GET /api/v1/groups/:id": "groups:read",
  "POST /api/v1/groups": "groups:write",
  "PATCH /api/v1/groups/:id": "groups:write",
  "DELETE /api/v1/groups/:id": "groups:delete",
  "POST /api/v1/groups/:id/members": "groups:write",
  "POST /api/v1/groups/:id/members/remove": "groups:write",
  "GET /api/v1/custom-fields": "fields:read",
  "GET /api/v1/custom-fields/:id": "fields:read",
  "POST /api/v1/custom-fields": "fields:write",
  "PATCH /api/v1/custom-fields/:id": "fields:write",
  "DELETE /api/v1/custom-fields/:id": "fields:write",
  "POST /api/v1/sends": "sends:write",
  "GET /api/v1/sends/:id": "sends:read",
  "PUT /api/v1/sends/:id": "sends:write",
  "POST /api/v1/sends/:id/cancel": "sends:write",
  "GET /api/v1/reports/sends": "reports:read",
  "GET /api/v1/reports/sends/:id": "reports:read",
  "POST /api/v1/messages": "inbox:reply",
  "GET /api/v1/conversations": "inbox:read",
  "GET /api/v1/conversations/:id": "inbox:read",
  "GET /api/v1/conversations/:id/messages": "inbox:read",

  // Outgoing webhooks: on the developer dashboard and through the API (same service).
  "GET /api/webhooks": "webhooks:read",
  "POST /api/webhooks": "webhooks:write",
  "GET /api/webhooks/:id": "webhooks:read",
  "PATCH /api/webhooks/:id": "webhooks:write",
  "DELETE /api/webhooks/:id": "webhooks:write",
  "GET /api/webhooks/:id/deliveries": "webhooks:read",
  "POST /api/webhooks/:id/deliveries/:deliveryId/replay": "webhooks:write",
  "GET /api/v1/webhooks": "webhooks:read",
  "POST /api/v1/webhooks": "webhooks:write",
  "GET /api/v1/webhooks/:id": "webhooks:read",
  "PATCH /api/v1/webhooks/:id": "webhooks:write",
  "DELETE /api/v1/webhooks/:id": "webhooks:write",
  "GET /api/v1/webhooks/:id/deliveries": "webhooks:read",
  "POST /api/v1/webhooks/:id/deliveries/:deliveryId/replay": "webhooks:write",

  // MCP: an API key, checked by the route itself (each tool asks its own permission).
  "POST /api/mcp": PUBLIC,
  "GET /api/mcp": PUBLIC,
  "DELETE /api/mcp": PUBLIC,

  // Growth tools: keywords, sign-up page, opt-in forms, QR codes, web banner (issue 14).
  "GET /api/keywords": "account:read",
  "POST /api/keywords": "settings:write",
  "POST /api/keywords/purchase": "billing",
  "GET /api/keywords/:id": "account:read",
  "PUT /api/keywords/:id": "settings:write",
  "PUT /api/keywords/:id/status": "settings:write",
  "GET /api/keywords/:id/stats": "account:read",
  "DELETE /api/keywords/:id": "settings:write",
  "GET /api/signup-page": "account:read",
  "PUT /api/signup-page": "settings:write",
  "GET /api/subscribe/:accountName": PUBLIC,
  "GET /api/subscribe/:accountName/challenge": PUBLIC,
  "POST /api/subscribe/:accountName": PUBLIC,
  "GET /api/optin-forms": "account:read",
  "POST /api/optin-forms": "settings:write",
  "GET /api/optin-forms/:id": "account:read",
  "PUT /api/optin-forms/:id": "settings:write",
  "DELETE /api/optin-forms/:id": "settings:write",

  // The carrier emulator's virtual phones (only when no real carrier is configured).
  "GET /api/virtual-phones": "self",
  "GET /api/virtual-phones/:phone/messages": "self",
  "POST /api/virtual-phones/:phone/messages": "self",
  "POST /api/virtual-phones/messages": "self",
};

/** Routes outside /api that the carrier and the public reach (webhooks, media, short links). */
const OUTSIDE_API = (url: string) => !url.startsWith("/api/") && url !== "/api";

function policyKey(method: string, url: string): string {
  // Fastify adds a HEAD route for every GET: it answers what the GET would.
  return `${method === "HEAD" ? "GET" : method} ${url}`;
}

function enforce(perm: Permission): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    // /api/v1 answers to API keys only (api-auth.ts); the rest of /api to the session.
    const keyRoute = isKeyRoute(request.url);
    const actor = keyRoute ? request.apiCaller?.actor : request.actor;
    if (!actor)
      throw new AppError("UNAUTHENTICATED", keyRoute ? API_KEY_TEXT.missing : SESSION_ENDED);
    if (!can(actor, perm)) throw new AppError("FORBIDDEN", TEXT.notAllowed);
  };
}

/**
 * Puts the policy in front of every /api route (after the session hook, before validation, so a
 * caller without the right learns nothing from the body's errors). Call before any route is added;
 * a route with no entry fails the boot.
 */
export function registerPolicy(app: FastifyInstance, policy: Record<string, Rule> = POLICY) {
  const missing: string[] = [];
  app.addHook("onRoute", (route) => {
    if (OUTSIDE_API(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const rule = policy[policyKey(method, route.url)];
      if (!rule) {
        missing.push(policyKey(method, route.url));
        continue;
      }
      if (rule === PUBLIC) continue;
      const own = route.onRequest;
      route.onRequest = [enforce(rule), ...(own ? (Array.isArray(own) ? own : [own]) : [])];
    }
  });
  app.addHook("onReady", async () => {
    if (missing.length > 0) {
      throw new Error(
        `These /api routes have no entry in src/server/http/policy.ts: ${[...new Set(missing)].join(", ")}`,
      );
    }
  });
}
