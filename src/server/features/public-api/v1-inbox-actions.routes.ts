import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bigIdParams as idParams } from "../../../domain/ids";
import {
  assignableUsersResponse,
  assignRequest,
  bulkRequest,
  bulkResponse,
} from "../../../domain/inbox.schemas";
import type { AppContext } from "../../http/context";
import * as inbox from "../inbox/inbox.service";
import { keyActorOf, op, withExample } from "./v1-route";

const TAG = "messages";
const messageResponse = z.object({ message: z.string() });

/**
 * What the inbox screen does to a conversation: assign, close (archive) and reopen, mark read;
 * the same to a selection (bulk) or to every conversation (read all); hiding a message.
 * A conversation's id is its subscriber's. Unsubscribe and block are the subscriber's own
 * operations (opt-out, block), which record the same consent.
 */
export function v1InboxActionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/assignable-users",
    {
      schema: {
        ...op(
          "listAssignableUsers",
          "List the users a conversation can be assigned to",
          TAG,
          "Pass the conversations' ids as `numberIds` (comma-separated) to leave out users restricted to other numbers.",
        ),
        querystring: z.object({
          numberIds: z
            .string()
            .max(2000)
            .regex(/^[\d,]*$/, "Give conversation ids separated by commas")
            .default("")
            .transform((s) =>
              s.split(",").filter(Boolean).map(Number).filter(Number.isSafeInteger),
            ),
        }),
        response: { 200: assignableUsersResponse },
      },
    },
    (req) => inbox.assignableUsers(ctx, keyActorOf(req), req.query.numberIds),
  );
  r.put(
    "/api/v1/conversations/:id/assignee",
    {
      schema: {
        ...op(
          "assignConversation",
          "Assign a conversation to a user (null to unassign)",
          TAG,
          "The user is notified, as when assigned on the inbox screen.",
        ),
        params: idParams,
        body: withExample(assignRequest, { userId: 3 }),
        response: { 200: messageResponse },
      },
    },
    (req) => inbox.assign(ctx, keyActorOf(req), req.params.id, req.body.userId),
  );
  r.post(
    "/api/v1/conversations/:id/close",
    {
      schema: {
        ...op("closeConversation", "Close (archive) a conversation", TAG),
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    (req) => inbox.archive(ctx, keyActorOf(req), req.params.id),
  );
  r.post(
    "/api/v1/conversations/:id/reopen",
    {
      schema: {
        ...op("reopenConversation", "Reopen a closed conversation", TAG),
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    (req) => inbox.unarchive(ctx, keyActorOf(req), req.params.id),
  );
  r.post(
    "/api/v1/conversations/:id/read",
    {
      schema: {
        ...op("markConversationRead", "Mark a conversation read", TAG),
        params: idParams,
      },
    },
    async (req, reply) => {
      await inbox.markRead(ctx, keyActorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.post(
    "/api/v1/conversations/bulk",
    {
      schema: {
        ...op(
          "bulkUpdateConversations",
          "Assign, unassign, mark read or unread, close or reopen several conversations",
          TAG,
          "The inbox's selection: `ids` (conversation ids, which are subscriber ids) or `all` conversations matching the inbox's filters less `excludedIds`. Ids of conversations the key cannot see are left alone; `count` says how many changed.",
        ),
        body: withExample(bulkRequest, {
          action: "archive",
          selection: { mode: "ids", numberIds: [42, 43] },
        }),
        response: { 200: bulkResponse },
      },
    },
    (req) => inbox.bulk(ctx, keyActorOf(req), req.body),
  );
  r.post(
    "/api/v1/conversations/read-all",
    {
      schema: {
        ...op("markAllConversationsRead", "Mark every conversation read", TAG),
        response: { 200: bulkResponse },
      },
    },
    (req) => inbox.markAllRead(ctx, keyActorOf(req)),
  );
  r.delete(
    "/api/v1/messages/:id",
    {
      schema: {
        ...op(
          "deleteConversationMessage",
          "Delete a message from its conversation",
          TAG,
          "Hides it from the conversation, as the inbox's Delete does.",
        ),
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    (req) => inbox.deleteMessage(ctx, keyActorOf(req), req.params.id),
  );
}
