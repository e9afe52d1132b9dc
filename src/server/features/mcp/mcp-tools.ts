import { McpServer, type RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { assertCan, type SystemActor } from "../../../domain/permissions";
import { sentMessagesQuery } from "../../../domain/reports.schemas";
import { countSegments, creditsFor } from "../../../domain/segments";
import { listSubscribersQuery } from "../../../domain/subscribers.schemas";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { propose } from "../ai/ai.service";
import { recordRouteChange } from "../audit/audit.service";
import * as inbox from "../inbox/inbox.service";
import * as reports from "../reports/reports.service";
import * as subscribers from "../subscribers/subscribers.service";
import { registerAccountTools } from "./mcp-account-tools";
import { registerAutomationTools } from "./mcp-automation-tools";
import { registerSubscriberTools } from "./mcp-subscriber-tools";

type ToolResult = { content: { type: "text"; text: string }[]; isError?: boolean };

/** A tool's answer as JSON text; a refusal (AppError) as an error the model can read and act on. */
export async function answer(run: () => Promise<unknown>): Promise<ToolResult> {
  try {
    return { content: [{ type: "text", text: JSON.stringify(await run(), null, 2) }] };
  } catch (err) {
    if (err instanceof AppError)
      return { content: [{ type: "text", text: err.message }], isError: true };
    throw err;
  }
}

const subscriberId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The MCP server of one API key: each tool calls the same service as the screens and the REST
 * API, as the key's actor, so scopes, consent and account scoping hold the same way. Writes
 * (sending) need the key's write scope AND confirm: true, so a model cannot send by accident.
 */
export function buildMcpServer(ctx: AppContext, actor: SystemActor): McpServer {
  const server = auditWrites(new McpServer({ name: "parley", version: "1.0.0" }), ctx, actor);

  server.registerTool(
    "search_subscribers",
    {
      title: "Search subscribers",
      description:
        "Find subscribers by name, phone or e-mail (query), optionally in one group. Returns a page of subscribers with their ids.",
      inputSchema: {
        query: z.string().max(100).optional(),
        group: z
          .number()
          .int()
          .optional()
          .describe("A group id (from the Subscribers screen or the API)"),
        page: z.number().int().min(0).max(10_000).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(() => {
        assertCan(actor, "subscribers:read");
        return subscribers.listSubscribers(
          ctx,
          actor,
          listSubscribersQuery.parse({
            query: args.query,
            group: args.group,
            page: args.page ?? 0,
            pageSize: 25,
            withTotal: "true",
          }),
        );
      }),
  );

  server.registerTool(
    "read_conversation",
    {
      title: "Read a conversation",
      description: "The latest messages between the business and one subscriber, oldest first.",
      inputSchema: { subscriberId, limit: z.number().int().min(1).max(50).optional() },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(async () => {
        // The REST routes' policy rows ask this; a tool asks it itself.
        assertCan(actor, "inbox:read");
        const t = await inbox.thread(ctx, actor, args.subscriberId, {
          pageSize: args.limit ?? 20,
          isOnlyChatbotMessages: false,
        });
        return {
          total: t.total,
          messages: t.rows.map((m) => ({
            id: m.id,
            type: m.type,
            text: m.message,
            at: m.createdAt,
            status: m.status,
          })),
        };
      }),
  );

  server.registerTool(
    "report_sends",
    {
      title: "Report on sends",
      description:
        "Recent campaign sends with their delivery figures (sent, delivered, failed, opt-outs, clicks).",
      inputSchema: { page: z.number().int().min(0).max(10_000).optional() },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(() => {
        assertCan(actor, "reports:read");
        return reports.listSentMessages(
          ctx,
          actor,
          sentMessagesQuery.parse({ page: args.page ?? 0 }),
        );
      }),
  );

  server.registerTool(
    "draft_message",
    {
      title: "Draft a message",
      description:
        "Checks a text before sending (segments and credits) or, given a goal instead, proposes texts. Sends nothing.",
      inputSchema: {
        text: z.string().max(2000).optional().describe("The message to check"),
        goal: z
          .string()
          .max(500)
          .optional()
          .describe("What the message should achieve, to get proposals"),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(async () => {
        assertCan(actor, "inbox:read");
        const proposals = args.goal
          ? (await propose(ctx, actor, args.goal)).proposals.map((p) => p.message)
          : [];
        const text = args.text ?? proposals[0] ?? "";
        if (!text)
          throw new AppError("VALIDATION", "Give the text to check, or a goal to draft from.");
        const seg = countSegments(text);
        return {
          draft: text,
          otherProposals: proposals.filter((p) => p !== text),
          segments: seg.segments,
          encoding: seg.encoding,
          credits: creditsFor(text, false),
          next: "To send it, call send_message with the subscriberId, this text and confirm: true.",
        };
      }),
  );

  server.registerTool(
    "send_message",
    {
      title: "Send a message",
      description:
        "Sends a one-to-one text to a subscriber from the business number. Needs confirm: true (ask the person first) and a key with messages:write.",
      inputSchema: {
        subscriberId,
        text: z.string().min(1).max(2000),
        confirm: z.boolean().describe("Must be true: the person has approved this exact text"),
        phoneNumberId: z.number().int().positive().optional(),
      },
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    (args) =>
      answer(async () => {
        if (args.confirm !== true)
          throw new AppError(
            "VALIDATION",
            "Not sent: show the text to the person and call again with confirm: true.",
          );
        assertCan(actor, "inbox:reply");
        const sent = await inbox.send(ctx, actor, args.subscriberId, {
          message: args.text,
          phoneNumberId: args.phoneNumberId ?? null,
          mediaUrls: [],
          sendAnyway: false,
        });
        return { sent: true, messageId: sent.messageId, status: sent.status };
      }),
  );

  registerAutomationTools(server, ctx, actor);
  registerSubscriberTools(server, ctx, actor);
  registerAccountTools(server, ctx, actor);
  return server;
}

/**
 * Every tool not marked read-only changes something: each call that succeeds is one audit row
 * ("mcp.<tool>") naming the key, whatever tool is added later. The route itself (POST /api/mcp)
 * carries reads and writes alike, so the HTTP layer's row stays out of it.
 */
function auditWrites(server: McpServer, ctx: AppContext, actor: SystemActor): McpServer {
  // biome-ignore lint/suspicious/noExplicitAny: wraps the SDK's overloaded generic signature
  type Register = (name: string, config: any, callback: any) => RegisteredTool;
  const register = server.registerTool.bind(server) as Register;
  const wrapped: Register = (name, config, callback) => {
    if (config?.annotations?.readOnlyHint === true) return register(name, config, callback);
    // A tool with an input schema is called with (args, extra); one without, with (extra).
    const hasArgs = config?.inputSchema !== undefined;
    return register(name, config, async (...params: unknown[]) => {
      const result = (await callback(...params)) as ToolResult;
      if (!result.isError) {
        const args = (hasArgs ? params[0] : undefined) as Record<string, unknown> | undefined;
        const id = args?.subscriberId ?? args?.automationId ?? args?.id ?? null;
        await recordRouteChange(ctx, actor, {
          action: `mcp.${name}`,
          target: {
            type: "mcp",
            id: typeof id === "number" || typeof id === "string" ? id : null,
            label: config?.title ?? name,
          },
        }).catch((err: unknown) => log.error({ err, tool: name }, "audit row not written"));
      }
      return result;
    });
  };
  server.registerTool = wrapped as typeof server.registerTool;
  return server;
}
