import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { AUTOMATION_KINDS, AUTOMATION_STATUSES } from "../../../domain/automations.schemas";
import { AppError } from "../../../domain/errors";
import { reportRangeQuery } from "../../../domain/growth-reports.schemas";
import { assertCan, type SystemActor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import * as analytics from "../analytics/analytics.service";
import * as automations from "../automations/automations.service";
import * as credits from "../credits/credits.service";
import * as reports from "../growth-reports/growth-reports.service";
import * as keywords from "../keywords/keywords.service";
import { answer } from "./mcp-tools";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .describe("YYYY-MM-DD in the account's time zone; default the last 30 days");
const automationId = z.number().int().positive().max(2_147_483_647);

/**
 * Tools over automations, keywords, reports and credits: the services the screens and /api/v1
 * call, each asking the permission its REST route asks. The one write (publishing or pausing an
 * automation) needs the write scope and confirm: true, as send_message does.
 */
export function registerAutomationTools(server: McpServer, ctx: AppContext, actor: SystemActor) {
  server.registerTool(
    "list_automations",
    {
      title: "List automations",
      description:
        "Drips, workflows or chatbot flows with their status and figures (active, entered, completed, texts).",
      inputSchema: { kind: z.enum(AUTOMATION_KINDS) },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(() => {
        assertCan(actor, "sends:read");
        return automations.listAutomations(ctx, actor, args.kind);
      }),
  );

  server.registerTool(
    "automation_report",
    {
      title: "Report on an automation",
      description:
        "One automation's runs: how many entered, where people wait per step, completed, exits by reason, texts delivered, replies and clicks.",
      inputSchema: { automationId },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(() => {
        assertCan(actor, "sends:read");
        return automations.automationReport(ctx, actor, args.automationId);
      }),
  );

  server.registerTool(
    "set_automation_status",
    {
      title: "Publish or pause an automation",
      description:
        "Sets an automation active (published), paused or draft. Needs confirm: true (ask the person first) and a key with sends:write.",
      inputSchema: {
        automationId,
        status: z.enum(AUTOMATION_STATUSES),
        confirm: z.boolean().describe("Must be true: the person has approved this change"),
      },
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    (args) =>
      answer(async () => {
        if (args.confirm !== true)
          throw new AppError(
            "VALIDATION",
            "Not changed: tell the person what will change and call again with confirm: true.",
          );
        assertCan(actor, "sends:write");
        const a = await automations.setAutomationStatus(ctx, actor, args.automationId, args.status);
        return { id: a.id, name: a.name, status: a.status };
      }),
  );

  server.registerTool(
    "list_keywords",
    {
      title: "List keywords",
      description: "The account's keywords with their status, reply and number of joins.",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () =>
      answer(() => {
        assertCan(actor, "account:read");
        return keywords.listKeywords(ctx, actor, {});
      }),
  );

  server.registerTool(
    "report_subscriber_growth",
    {
      title: "Report subscriber growth",
      description:
        "Joins, opt-outs and net growth per day over a period, with where people came from.",
      inputSchema: { from: day, to: day },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(() => {
        assertCan(actor, "reports:read");
        return reports.subscriberReport(ctx, actor, range(args));
      }),
  );

  server.registerTool(
    "report_opt_outs",
    {
      title: "Report opt-outs",
      description: "Who opted out over a period, with the message that came before each.",
      inputSchema: { from: day, to: day, page: z.number().int().min(0).max(10_000).optional() },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(() => {
        assertCan(actor, "reports:read");
        return reports.optOutReport(ctx, actor, {
          ...range(args),
          page: args.page ?? 0,
          pageSize: 25,
        });
      }),
  );

  server.registerTool(
    "analytics_summary",
    {
      title: "Analytics summary",
      description:
        "Messages sent, delivery, replies, clicks and subscribers over a period (the Analytics screen).",
      inputSchema: { from: day, to: day },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(() => {
        assertCan(actor, "reports:read");
        return analytics.analytics(ctx, actor, range(args));
      }),
  );

  server.registerTool(
    "credit_balance",
    {
      title: "Credit balance",
      description:
        "Message credits left, this period's allowance and use, and whether auto top-up is on.",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () =>
      answer(() => {
        assertCan(actor, "billing");
        return credits.getCredits(ctx, actor.accountId);
      }),
  );
}

/** The screens' range rules (order, length) apply to a tool's dates too. */
function range(args: { from?: string; to?: string }) {
  const parsed = reportRangeQuery.safeParse({ from: args.from, to: args.to });
  if (!parsed.success)
    throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? "Check the dates.");
  return parsed.data;
}
