import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../http/context";
import { v1WorkflowsRoutes } from "../workflows/workflows-v1.routes";
import { v1AccountRoutes } from "./v1-account.routes";
import { v1AutomationsRoutes } from "./v1-automations.routes";
import { v1ContentRoutes } from "./v1-content.routes";
import { v1ConversionsRoutes } from "./v1-conversions.routes";
import { v1GroupsRoutes } from "./v1-groups.routes";
import { v1GrowthRoutes } from "./v1-growth.routes";
import { v1ImportsExportsRoutes } from "./v1-imports-exports.routes";
import { v1InboxActionsRoutes } from "./v1-inbox-actions.routes";
import { v1IntegrationsRoutes } from "./v1-integrations.routes";
import { v1ManagedAccountsRoutes } from "./v1-managed-accounts.routes";
import { v1MarketingRoutes } from "./v1-marketing.routes";
import { v1MessagesRoutes } from "./v1-messages.routes";
import { v1NumbersRoutes } from "./v1-numbers.routes";
import { v1ReportExportsRoutes } from "./v1-report-exports.routes";
import { v1SendsRoutes } from "./v1-sends.routes";
import { v1SettingsRoutes } from "./v1-settings.routes";
import { v1SubscriberActionsRoutes } from "./v1-subscriber-actions.routes";
import { v1SubscribersRoutes } from "./v1-subscribers.routes";
import { v1UsersRoutes } from "./v1-users.routes";
import { v1WebinarsRoutes } from "./v1-webinars.routes";

/** The public REST API (API keys, src/server/http/api-auth.ts); every route is in policy.ts. */
export async function publicApiRoutes(app: FastifyInstance, ctx: AppContext) {
  v1SubscribersRoutes(app, ctx);
  v1SubscriberActionsRoutes(app, ctx);
  await v1ImportsExportsRoutes(app, ctx);
  v1GroupsRoutes(app, ctx);
  v1SendsRoutes(app, ctx);
  v1MessagesRoutes(app, ctx);
  v1InboxActionsRoutes(app, ctx);
  v1WorkflowsRoutes(app, ctx);
  v1AutomationsRoutes(app, ctx);
  v1GrowthRoutes(app, ctx);
  v1MarketingRoutes(app, ctx);
  v1AccountRoutes(app, ctx);
  v1NumbersRoutes(app, ctx);
  v1ReportExportsRoutes(app, ctx);
  v1ConversionsRoutes(app, ctx);
  v1SettingsRoutes(app, ctx);
  v1UsersRoutes(app, ctx);
  v1WebinarsRoutes(app, ctx);
  v1ManagedAccountsRoutes(app, ctx);
  v1IntegrationsRoutes(app, ctx);
  await v1ContentRoutes(app, ctx);
}
