import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { assertCan, type SystemActor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import * as integrations from "../integrations/integrations.service";
import * as managed from "../managed-accounts/managed-accounts.service";
import * as webinars from "../webinars/webinars.service";
import { answer } from "./mcp-tools";

/**
 * Reads over webinars, managed accounts and integrations: the services /api/v1 calls, each
 * tool asking the permission its REST route asks (policy.ts), before the service asks again.
 */
export function registerAccountTools(server: McpServer, ctx: AppContext, actor: SystemActor) {
  server.registerTool(
    "list_webinars",
    {
      title: "List webinar events",
      description:
        "The account's webinar events (start, join link, reminder offsets, registrant counts) and the providers ready to import from. Needs webinars:read.",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () =>
      answer(() => {
        assertCan(actor, "webinars:read");
        return webinars.listEvents(ctx, actor);
      }),
  );

  server.registerTool(
    "list_webinar_registrants",
    {
      title: "List a webinar's registrants",
      description:
        "One event's registrants, each with whether they agreed to texts and their reminders' status. Needs webinars:read.",
      inputSchema: { webinarId: z.number().int().positive().max(2_147_483_647) },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(() => {
        assertCan(actor, "webinars:read");
        return webinars.listRegistrants(ctx, actor, args.webinarId);
      }),
  );

  server.registerTool(
    "list_managed_accounts",
    {
      title: "List managed accounts with their usage",
      description:
        "A parent account's child accounts with this month's credits used, credit balance, subscribers and texts sent. Needs accounts:read (a child account has none).",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () =>
      answer(() => {
        assertCan(actor, "accounts:read");
        return managed.listChildAccounts(ctx, actor);
      }),
  );

  server.registerTool(
    "integrations_state",
    {
      title: "Integrations and their state",
      description:
        "Every connection (Zapier, HubSpot, Customer.io, webinar providers…) with whether it is connected, its last sync and any error. Needs settings:write, as its REST route.",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () =>
      answer(() => {
        assertCan(actor, "settings:write");
        return integrations.listIntegrations(ctx, actor);
      }),
  );
}
