import { emulatorFeature } from "../carriers/emulator/feature";
import { apiDocsFeature } from "../http/api-docs";
import { realtimeFeature } from "../realtime/feature";
import { accountFeature } from "./account/feature";
import { aiFeature } from "./ai/feature";
import { analyticsFeature } from "./analytics/feature";
import { apiKeysFeature } from "./api-keys/feature";
import { auditFeature } from "./audit/feature";
import { authFeature } from "./auth/feature";
import { automationsFeature } from "./automations/feature";
import { billingFeature } from "./billing/feature";
import { campaignsFeature } from "./campaigns/feature";
import { carrierWebhooksFeature } from "./carrier-webhooks/feature";
import { chatbotsFeature } from "./chatbots/feature";
import { composerFeature } from "./composer/feature";
import { contactCardFeature } from "./contact-card/feature";
import { creditsFeature } from "./credits/feature";
import { customFieldsFeature } from "./custom-fields/feature";
import { dashboardFeature } from "./dashboard/feature";
import { eventsFeature } from "./events/feature";
import type { Feature } from "./feature";
import { groupsFeature } from "./groups/feature";
import { growthFeature } from "./growth/feature";
import { growthReportsFeature } from "./growth-reports/feature";
import { helpFeature } from "./help/feature";
import { inboxFeature } from "./inbox/feature";
import { integrationsFeature } from "./integrations/feature";
import { keywordsFeature } from "./keywords/feature";
import { linksFeature } from "./links/feature";
import { mailFeature } from "./mail/feature";
import { managedAccountsFeature } from "./managed-accounts/feature";
import { marketingFeature } from "./marketing/feature";
import { mcpFeature } from "./mcp/feature";
import { messagesFeature } from "./messages/feature";
import { notificationsFeature } from "./notifications/feature";
import { numbersFeature } from "./numbers/feature";
import { optinFormsFeature } from "./optin-forms/feature";
import { optinPagesFeature } from "./optin-pages/feature";
import { publicApiFeature } from "./public-api/feature";
import { qrCodesFeature } from "./qr-codes/feature";
import { referenceDataFeature } from "./reference-data/feature";
import { registrationsFeature } from "./registrations/feature";
import { reportsFeature } from "./reports/feature";
import { sendsFeature } from "./sends/feature";
import { settingsFeature } from "./settings/feature";
import { setupFeature } from "./setup/feature";
import { signatureFeature } from "./signature/feature";
import { signupFeature } from "./signup/feature";
import { signupPageFeature } from "./signup-page/feature";
import { subscriberExportsFeature } from "./subscriber-exports/feature";
import { subscriberImportsFeature } from "./subscriber-imports/feature";
import { subscribersFeature } from "./subscribers/feature";
import { templatesFeature } from "./templates/feature";
import { unhealthySubscribersFeature } from "./unhealthy-subscribers/feature";
import { usersFeature } from "./users/feature";
import { voiceFeature } from "./voice/feature";
import { webBannerFeature } from "./web-banner/feature";
import { webhooksFeature } from "./webhooks/feature";
import { webinarsFeature } from "./webinars/feature";
import { workflowsFeature } from "./workflows/feature";

/**
 * Every server feature (each declared in its `feature.ts`), in the order http/app.ts registers
 * their routes and background/registry.ts gathers their jobs and loops.
 */
export const FEATURES: readonly Feature[] = [
  apiDocsFeature,
  authFeature,
  mailFeature,
  usersFeature,
  creditsFeature,
  sendsFeature,
  accountFeature,
  settingsFeature,
  auditFeature,
  referenceDataFeature,
  numbersFeature,
  registrationsFeature,
  subscribersFeature,
  groupsFeature,
  customFieldsFeature,
  subscriberImportsFeature,
  subscriberExportsFeature,
  unhealthySubscribersFeature,
  templatesFeature,
  linksFeature,
  contactCardFeature,
  aiFeature,
  reportsFeature,
  dashboardFeature,
  growthReportsFeature,
  analyticsFeature,
  helpFeature,
  realtimeFeature,
  inboxFeature,
  composerFeature,
  signatureFeature,
  automationsFeature,
  workflowsFeature,
  chatbotsFeature,
  campaignsFeature,
  apiKeysFeature,
  publicApiFeature,
  webhooksFeature,
  mcpFeature,
  integrationsFeature,
  growthFeature,
  keywordsFeature,
  signupPageFeature,
  optinFormsFeature,
  qrCodesFeature,
  optinPagesFeature,
  webBannerFeature,
  marketingFeature,
  signupFeature,
  setupFeature,
  notificationsFeature,
  billingFeature,
  managedAccountsFeature,
  webinarsFeature,
  carrierWebhooksFeature,
  voiceFeature,
  emulatorFeature,
  eventsFeature,
  messagesFeature,
];
