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

  // Managed accounts (a parent's children; the service refuses children themselves).
  "GET /api/managed-accounts": "accounts:manage",
  "POST /api/managed-accounts": "accounts:manage",
  "GET /api/managed-accounts/:id/audit": "accounts:manage",
  "POST /api/managed-accounts/:id/access": "accounts:manage",

  // Webinars (events, registrants, reminders).
  "GET /api/webinars": "webinars:read",
  "POST /api/webinars": "webinars:write",
  "GET /api/webinars/:id": "webinars:read",
  "PUT /api/webinars/:id": "webinars:write",
  "DELETE /api/webinars/:id": "webinars:write",
  "GET /api/webinars/:id/registrants": "webinars:read",
  "POST /api/webinars/:id/import": "webinars:write",
  "POST /api/webinars/import-provider": "webinars:write",

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
  "PUT /api/billing/auto-renew": "billing",
  "GET /api/billing/bundles": "billing",
  "POST /api/billing/bundles/purchase": "billing",
  "POST /api/billing/cancel-flow": "billing",
  "GET /api/billing/referrals": "billing",
  "GET /api/billing/referrals/list": "billing",
  "POST /api/billing/test-clock": "billing",
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
  // Registration reviews, the guided tour, the phone alerts add-on (migration 0029).
  "GET /api/registrations/status": "account:read",
  "POST /api/registrations/brand-prompt": "registration:manage",
  "GET /api/tour": "self",
  "PUT /api/tour": "self",
  "GET /api/addons/phone-alerts": "account:read",
  "PUT /api/addons/phone-alerts": "settings:write",

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
  // Voice broadcasts (/phone-messages): calls are sends; voice consent is the subscriber's.
  "GET /api/phone-messages": "sends:read",
  "POST /api/phone-messages": "sends:write",
  "POST /api/phone-messages/audience": "sends:write",
  "GET /api/phone-messages/preview": "sends:read",
  "POST /api/phone-messages/voice-consent": "subscribers:write",
  "GET /api/phone-messages/:id": "sends:read",
  "PUT /api/phone-messages/:id": "sends:write",
  "DELETE /api/phone-messages/:id": "sends:write",
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
  "GET /api/workflows/name-available": "sends:read",
  "GET /api/workflows/:id": "sends:read",
  "PUT /api/workflows/:id/layout": "sends:write",
  "POST /api/workflows/:id/duplicate": "sends:write",
  "POST /api/workflows/:id/publish": "sends:write",
  "POST /api/workflows/:id/test-run": "sends:write",
  "GET /api/auto-replies": "sends:read",
  "POST /api/auto-replies": "sends:write",
  "POST /api/auto-replies/order": "sends:write",
  "POST /api/auto-replies/preview": "sends:read",
  "GET /api/auto-replies/:id": "sends:read",
  "PUT /api/auto-replies/:id": "sends:write",
  "DELETE /api/auto-replies/:id": "sends:write",
  "GET /api/chatbots": "sends:read",
  "POST /api/chatbots": "sends:write",
  "GET /api/chatbots/:id": "sends:read",
  "PUT /api/chatbots/:id": "sends:write",
  "POST /api/chatbots/:id/enabled": "sends:write",
  "DELETE /api/chatbots/:id": "sends:write",
  "GET /api/campaigns": "sends:read",
  "POST /api/campaigns": "sends:write",
  "GET /api/campaigns/candidates": "sends:read",
  "GET /api/campaigns/:id": "sends:read",
  "PUT /api/campaigns/:id": "sends:write",
  "DELETE /api/campaigns/:id": "sends:write",
  "POST /api/campaigns/:id/members": "sends:write",
  "POST /api/campaigns/:id/members/remove": "sends:write",
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
  "GET /api/analytics/failures/numbers": "reports:read",
  "POST /api/analytics/failures/retry": "sends:write",
  "POST /api/analytics/failures/clean-up": "subscribers:bulk",
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
  "POST /api/v1/workflows/:id/runs": "sends:write",
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
  "GET /api/v1/sends": "sends:read",
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
  // Everything else the screens do (issue 17): the same services, the key as the actor. Reads of
  // the growth tools and numbers are account:read, their writes settings:write and
  // numbers:manage, as for people; automations, campaigns, voice and marketing tools are sending.
  "GET /api/v1/templates": "compose:tools",
  "GET /api/v1/templates/:id": "compose:tools",
  "POST /api/v1/templates": "templates:write",
  "PUT /api/v1/templates/:id": "templates:write",
  "DELETE /api/v1/templates/:id": "templates:write",
  "GET /api/v1/links": "compose:tools",
  "GET /api/v1/links/:id": "compose:tools",
  "POST /api/v1/links": "links:write",
  "PATCH /api/v1/links/:id": "links:write",
  "POST /api/v1/media": "templates:write",
  "GET /api/v1/automations": "sends:read",
  "GET /api/v1/automations/:id": "sends:read",
  "POST /api/v1/automations": "sends:write",
  "PUT /api/v1/automations/:id": "sends:write",
  "DELETE /api/v1/automations/:id": "sends:write",
  "POST /api/v1/automations/:id/status": "sends:write",
  "POST /api/v1/automations/:id/stop": "sends:write",
  "GET /api/v1/automations/:id/report": "sends:read",
  "GET /api/v1/workflows/:id": "sends:read",
  "POST /api/v1/workflows/:id/publish": "sends:write",
  "GET /api/v1/auto-replies": "sends:read",
  "GET /api/v1/auto-replies/:id": "sends:read",
  "POST /api/v1/auto-replies": "sends:write",
  "PUT /api/v1/auto-replies/:id": "sends:write",
  "DELETE /api/v1/auto-replies/:id": "sends:write",
  "POST /api/v1/auto-replies/order": "sends:write",
  "GET /api/v1/chatbots": "sends:read",
  "GET /api/v1/chatbots/:id": "sends:read",
  "POST /api/v1/chatbots": "sends:write",
  "PUT /api/v1/chatbots/:id": "sends:write",
  "DELETE /api/v1/chatbots/:id": "sends:write",
  "POST /api/v1/chatbots/:id/enabled": "sends:write",
  "GET /api/v1/campaigns": "sends:read",
  "GET /api/v1/campaigns/:id": "sends:read",
  "POST /api/v1/campaigns": "sends:write",
  "PUT /api/v1/campaigns/:id": "sends:write",
  "DELETE /api/v1/campaigns/:id": "sends:write",
  "POST /api/v1/campaigns/:id/members": "sends:write",
  "POST /api/v1/campaigns/:id/members/remove": "sends:write",
  "GET /api/v1/marketing-programs": "sends:read",
  "GET /api/v1/marketing-programs/:id": "sends:read",
  "POST /api/v1/marketing-programs": "sends:write",
  "PUT /api/v1/marketing-programs/:id": "sends:write",
  "DELETE /api/v1/marketing-programs/:id": "sends:write",
  "PUT /api/v1/marketing-programs/:id/status": "sends:write",
  "GET /api/v1/marketing-programs/:id/report": "reports:read",
  "GET /api/v1/voice-broadcasts": "sends:read",
  "GET /api/v1/voice-broadcasts/:id": "sends:read",
  "POST /api/v1/voice-broadcasts": "sends:write",
  "PUT /api/v1/voice-broadcasts/:id": "sends:write",
  "POST /api/v1/voice-broadcasts/:id/cancel": "sends:write",
  "POST /api/v1/voice-consent": "subscribers:write",
  "GET /api/v1/keywords": "account:read",
  "GET /api/v1/keywords/:id": "account:read",
  "POST /api/v1/keywords": "settings:write",
  "PUT /api/v1/keywords/:id": "settings:write",
  "DELETE /api/v1/keywords/:id": "settings:write",
  "PUT /api/v1/keywords/:id/status": "settings:write",
  "GET /api/v1/keywords/:id/stats": "account:read",
  "GET /api/v1/signup-page": "account:read",
  "PUT /api/v1/signup-page": "settings:write",
  "GET /api/v1/popups": "account:read",
  "GET /api/v1/popups/:id": "account:read",
  "POST /api/v1/popups": "settings:write",
  "PUT /api/v1/popups/:id": "settings:write",
  "DELETE /api/v1/popups/:id": "settings:write",
  "GET /api/v1/qr-templates": "account:read",
  "GET /api/v1/qr-templates/:id": "account:read",
  "POST /api/v1/qr-templates": "settings:write",
  "PUT /api/v1/qr-templates/:id": "settings:write",
  "DELETE /api/v1/qr-templates/:id": "settings:write",
  "GET /api/v1/optin-pages": "account:read",
  "GET /api/v1/optin-pages/:id": "account:read",
  "POST /api/v1/optin-pages": "settings:write",
  "PUT /api/v1/optin-pages/:id": "settings:write",
  "DELETE /api/v1/optin-pages/:id": "settings:write",
  "GET /api/v1/numbers": "account:read",
  "GET /api/v1/numbers/:id": "account:read",
  "PATCH /api/v1/numbers/:id": "numbers:manage",
  "GET /api/v1/reports/subscribers": "reports:read",
  "GET /api/v1/reports/opt-outs": "reports:read",
  "GET /api/v1/reports/link-clicks/subscribers": "reports:read",
  "GET /api/v1/reports/link-clicks/sends": "reports:read",
  "GET /api/v1/reports/analytics": "reports:read",
  "GET /api/v1/reports/cohorts": "reports:read",
  "GET /api/v1/credits": "billing",
  "GET /api/v1/billing/summary": "billing",
  "GET /api/v1/invoices": "billing",
  "GET /api/v1/invoices/:id": "billing",

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
  // MCP OAuth 2.1: the consent page's calls (the person approving a client).
  "GET /api/oauth/authorize": "self",
  "POST /api/oauth/authorize": "self",
  "GET /api/oauth/grants": "self",
  "DELETE /api/oauth/grants/:id": "self",

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
  "GET /api/qr-templates": "account:read",
  "POST /api/qr-templates": "settings:write",
  "GET /api/qr-templates/:id": "account:read",
  "PUT /api/qr-templates/:id": "settings:write",
  "DELETE /api/qr-templates/:id": "settings:write",
  "GET /api/optin-pages": "account:read",
  "POST /api/optin-pages": "settings:write",
  "GET /api/optin-pages/:id": "account:read",
  "PUT /api/optin-pages/:id": "settings:write",
  "DELETE /api/optin-pages/:id": "settings:write",
  "GET /api/optin/:accountName/:slug": PUBLIC,
  "GET /api/optin/:accountName/:slug/challenge": PUBLIC,
  "POST /api/optin/:accountName/:slug": PUBLIC,
  "GET /api/web-banner": "account:read",
  "PUT /api/web-banner": "settings:write",
  "GET /api/growth/overview": "reports:read",

  // Integrations (add-ons): the pages manage connections; Zapier's REST hooks take an API key.
  "GET /api/integrations": "settings:write",
  "GET /api/integrations/zapier": "settings:write",
  "GET /api/integrations/hubspot": "settings:write",
  "GET /api/integrations/customer-io": "settings:write",
  "PUT /api/integrations/hubspot": "settings:write",
  "PUT /api/integrations/customer-io": "settings:write",
  "POST /api/integrations/hubspot/sync": "settings:write",
  "POST /api/integrations/customer-io/sync": "settings:write",
  "DELETE /api/integrations/zapier": "settings:write",
  "DELETE /api/integrations/hubspot": "settings:write",
  "DELETE /api/integrations/customer-io": "settings:write",
  "GET /api/integrations/hubspot/oauth/start": "settings:write",
  "GET /api/integrations/hubspot/oauth/callback": "settings:write",
  "GET /api/v1/zapier/me": "webhooks:read",
  "POST /api/v1/zapier/hooks": "webhooks:write",
  "DELETE /api/v1/zapier/hooks/:id": "webhooks:write",
  "GET /api/v1/zapier/samples/:event": "webhooks:read",

  // Marketing tools (issue 18): programs and reports; the counter page and the friend's page are
  // public (the counter link carries the program's secret token).
  "GET /api/marketing/programs": "reports:read",
  "POST /api/marketing/programs": "sends:write",
  "GET /api/marketing/programs/:id": "reports:read",
  "PUT /api/marketing/programs/:id": "sends:write",
  "PUT /api/marketing/programs/:id/status": "sends:write",
  "DELETE /api/marketing/programs/:id": "sends:write",
  "GET /api/marketing/programs/:id/report": "reports:read",
  "POST /api/marketing/programs/:id/send": "sends:write",
  "POST /api/marketing/programs/:id/draw": "sends:write",
  "GET /api/public/counter/:token": PUBLIC,
  "GET /api/public/counter/:token/codes/:code": PUBLIC,
  "POST /api/public/counter/:token/codes/:code/redeem": PUBLIC,
  "GET /api/public/referrals/:code": PUBLIC,
  "POST /api/public/referrals/:code": PUBLIC,

  // The carrier emulator's virtual phones (only when no real carrier is configured).
  "GET /api/virtual-phones": "self",
  "GET /api/virtual-phones/:phone/messages": "self",
  "POST /api/virtual-phones/:phone/messages": "self",
  "POST /api/virtual-phones/messages": "self",
  "GET /api/virtual-phones/:phone/calls": "self",
  "GET /api/virtual-phones/calls/:sid/audio": "self",
};

/** Routes outside /api that the carrier and the public reach (webhooks, media, short links). */
const OUTSIDE_API = (url: string) => !url.startsWith("/api/") && url !== "/api";

function policyKey(method: string, url: string): string {
  // Fastify adds a HEAD route for every GET: it answers what the GET would.
  return `${method === "HEAD" ? "GET" : method} ${url}`;
}

/**
 * Whether anyone may call this route (its rule is PUBLIC): sign-in, sign-up, links from e-mails,
 * public counters. Such a request acts for no account, whoever's cookie comes along.
 */
export function isPublicRoute(method: string, routeUrl: string): boolean {
  return POLICY[policyKey(method, routeUrl)] === PUBLIC;
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
