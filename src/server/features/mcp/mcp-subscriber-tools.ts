import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { assertCan, type SystemActor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import * as inbox from "../inbox/inbox.service";
import * as subscribers from "../subscribers/subscribers.service";
import { answer } from "./mcp-tools";

const subscriberId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const confirm = z.boolean().describe("Must be true: the person has approved this change");

function confirmed(value: boolean) {
  if (value !== true)
    throw new AppError(
      "VALIDATION",
      "Not changed: tell the person what will change and call again with confirm: true.",
    );
}

/**
 * Tools over a subscriber and their conversation: opt out, assign, close and reopen. Each calls
 * the service of its REST route and asks that route's permission; every one changes something,
 * so each needs confirm: true, as send_message does.
 */
export function registerSubscriberTools(server: McpServer, ctx: AppContext, actor: SystemActor) {
  server.registerTool(
    "opt_out_subscriber",
    {
      title: "Opt a subscriber out",
      description:
        "Records that the subscriber no longer wants texts (they get no more marketing or messages). Needs confirm: true and a key with subscribers:write.",
      inputSchema: { subscriberId, confirm },
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    (args) =>
      answer(async () => {
        confirmed(args.confirm);
        assertCan(actor, "subscribers:write");
        const s = await subscribers.changeConsent(ctx, actor, args.subscriberId, "opt_out");
        return { id: s.id, optedOut: s.optedOut };
      }),
  );

  server.registerTool(
    "assign_conversation",
    {
      title: "Assign a conversation",
      description:
        "Gives a subscriber's conversation to a user of the account (userId null: unassigned); the user is notified. Needs confirm: true and a key with messages:write.",
      inputSchema: {
        subscriberId,
        userId: z.number().int().positive().max(2_147_483_647).nullable(),
        confirm,
      },
      annotations: { destructiveHint: false, idempotentHint: true },
    },
    (args) =>
      answer(async () => {
        confirmed(args.confirm);
        assertCan(actor, "inbox:reply");
        return inbox.assign(ctx, actor, args.subscriberId, args.userId);
      }),
  );

  server.registerTool(
    "close_conversation",
    {
      title: "Close or reopen a conversation",
      description:
        "Closes (archives) a subscriber's conversation, or reopens it with reopen: true. Needs confirm: true and a key with messages:write.",
      inputSchema: { subscriberId, reopen: z.boolean().optional(), confirm },
      annotations: { destructiveHint: false, idempotentHint: true },
    },
    (args) =>
      answer(async () => {
        confirmed(args.confirm);
        assertCan(actor, "inbox:reply");
        return args.reopen
          ? inbox.unarchive(ctx, actor, args.subscriberId)
          : inbox.archive(ctx, actor, args.subscriberId);
      }),
  );
}
