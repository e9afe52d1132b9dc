import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  autoReplyInput,
  autoReplyPreviewRequest,
  autoReplyPreviewResponse,
  autoReplyResponse,
  listAutoRepliesResponse,
  reorderAutoRepliesRequest,
} from "../../../domain/auto-replies";
import { intIdParams as idParams } from "../../../domain/ids";
import { type AppContext, actorOf } from "../../http/context";
import * as replies from "./auto-replies.service";

const tags = ["automated replies"];

export function autoRepliesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/auto-replies",
    { schema: { tags, response: { 200: listAutoRepliesResponse } } },
    (req) => replies.listAutoReplies(ctx, actorOf(req)),
  );
  r.post(
    "/api/auto-replies",
    { schema: { tags, body: autoReplyInput, response: { 201: autoReplyResponse } } },
    async (req, reply) =>
      reply.status(201).send(await replies.createAutoReply(ctx, actorOf(req), req.body)),
  );
  r.post(
    "/api/auto-replies/order",
    {
      schema: { tags, body: reorderAutoRepliesRequest, response: { 200: listAutoRepliesResponse } },
    },
    (req) => replies.reorderAutoReplies(ctx, actorOf(req), req.body.ids),
  );
  r.post(
    "/api/auto-replies/preview",
    {
      schema: { tags, body: autoReplyPreviewRequest, response: { 200: autoReplyPreviewResponse } },
    },
    (req) => replies.previewAutoReply(ctx, actorOf(req), req.body),
  );
  r.get(
    "/api/auto-replies/:id",
    { schema: { tags, params: idParams, response: { 200: autoReplyResponse } } },
    (req) => replies.getAutoReply(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/auto-replies/:id",
    {
      schema: {
        tags,
        params: idParams,
        body: autoReplyInput,
        response: { 200: autoReplyResponse },
      },
    },
    (req) => replies.updateAutoReply(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete("/api/auto-replies/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await replies.deleteAutoReply(ctx, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
}
