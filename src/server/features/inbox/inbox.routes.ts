import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { subscriberExport } from "../../../domain/exports.schemas";
import { bigIdParams as idParams, MAX_BIGINT_ID } from "../../../domain/ids";
import {
  assignableUsersResponse,
  assignRequest,
  bulkRequest,
  bulkResponse,
  conversationCounts,
  conversationDetail,
  conversationMessage,
  findConversationQuery,
  inboxContextResponse,
  inboxSendRequest,
  listConversationsQuery,
  listConversationsResponse,
  threadQuery,
  threadResponse,
} from "../../../domain/inbox.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as exportsService from "../subscriber-exports/exports.service";
import * as inbox from "./inbox.service";

const messageResponse = z.object({ message: z.string() });
const boolish = z
  .union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")])
  .default(false);
const tags = ["inbox"];

/** The shared inbox (spec doc 2 §7 'Inbox'); a conversation's id is its subscriber's (numberId). */
export function inboxRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/inbox/context",
    { schema: { tags, response: { 200: inboxContextResponse } } },
    (req) => inbox.inboxContext(ctx, actorOf(req)),
  );
  r.get(
    "/api/inbox/counts",
    {
      schema: {
        tags,
        querystring: z.object({ isHideUnassignedNumbers: boolish }),
        response: { 200: conversationCounts },
      },
    },
    (req) => inbox.counts(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/inbox/conversations",
    {
      schema: {
        tags,
        querystring: listConversationsQuery,
        response: { 200: listConversationsResponse },
      },
    },
    (req) => inbox.listConversations(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/inbox/conversations/find",
    {
      schema: { tags, querystring: findConversationQuery, response: { 200: conversationDetail } },
    },
    (req) => inbox.findConversation(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/inbox/conversations/:id",
    { schema: { tags, params: idParams, response: { 200: conversationDetail } } },
    (req) => inbox.getConversation(ctx, actorOf(req), req.params.id),
  );
  r.get(
    "/api/inbox/conversations/:id/messages",
    {
      schema: {
        tags,
        params: idParams,
        querystring: threadQuery,
        response: { 200: threadResponse },
      },
    },
    (req) => inbox.thread(ctx, actorOf(req), req.params.id, req.query),
  );
  r.post(
    "/api/inbox/conversations/:id/messages",
    {
      schema: {
        tags,
        params: idParams,
        body: inboxSendRequest,
        response: { 201: conversationMessage },
      },
    },
    async (req, reply) => {
      const message = await inbox.send(ctx, actorOf(req), req.params.id, req.body);
      return reply.code(201).send(message);
    },
  );
  r.post(
    "/api/inbox/conversations/:id/read",
    { schema: { tags, params: idParams } },
    async (req, reply) => {
      await inbox.markRead(ctx, actorOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.put(
    "/api/inbox/conversations/:id/assignee",
    {
      schema: { tags, params: idParams, body: assignRequest, response: { 200: messageResponse } },
    },
    (req) => inbox.assign(ctx, actorOf(req), req.params.id, req.body.userId),
  );
  const actions = {
    archive: inbox.archive,
    unarchive: inbox.unarchive,
    unsubscribe: inbox.unsubscribe,
    block: inbox.block,
  };
  for (const [name, run] of Object.entries(actions)) {
    r.post(
      `/api/inbox/conversations/:id/${name}`,
      { schema: { tags, params: idParams, response: { 200: messageResponse } } },
      (req) => run(ctx, actorOf(req), req.params.id),
    );
  }
  // exportMessageReplies: every reply the user's inbox shows, as an export.
  r.post(
    "/api/inbox/replies/export",
    { schema: { tags, response: { 201: subscriberExport } } },
    async (req, reply) => {
      const auth = actorOf(req);
      const scope = await inbox.repliesExportScope(ctx, auth);
      return reply.status(201).send(await exportsService.startExport(ctx, auth, "replies", scope));
    },
  );
  // exportConversation: an export (the job writes it, Export History lists it); its
  // downloadUrl is the file once it is written.
  r.post(
    "/api/inbox/conversations/:id/export",
    { schema: { tags, params: idParams, response: { 201: subscriberExport } } },
    async (req, reply) => {
      const auth = actorOf(req);
      const fileName = await inbox.conversationExportName(ctx, auth, req.params.id);
      const params = { conversationId: req.params.id };
      return reply
        .status(201)
        .send(await exportsService.startExport(ctx, auth, "conversation", params, fileName));
    },
  );
  r.get(
    "/api/inbox/assignable-users",
    {
      schema: {
        tags,
        querystring: z.object({
          numberIds: z
            .string()
            .max(2000)
            .default("")
            .transform((s) =>
              s
                .split(",")
                .map((v) => Number(v))
                .filter((n) => Number.isInteger(n) && n > 0 && n <= MAX_BIGINT_ID),
            ),
        }),
        response: { 200: assignableUsersResponse },
      },
    },
    (req) => inbox.assignableUsers(ctx, actorOf(req), req.query.numberIds),
  );
  r.delete(
    "/api/inbox/messages/:id",
    { schema: { tags, params: idParams, response: { 200: messageResponse } } },
    (req) => inbox.deleteMessage(ctx, actorOf(req), req.params.id),
  );
  r.post("/api/inbox/mark-all-read", { schema: { tags, response: { 200: bulkResponse } } }, (req) =>
    inbox.markAllRead(ctx, actorOf(req)),
  );
  r.post(
    "/api/inbox/bulk",
    { schema: { tags, body: bulkRequest, response: { 200: bulkResponse } } },
    (req) => inbox.bulk(ctx, actorOf(req), req.body),
  );
}
