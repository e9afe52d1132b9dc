import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  chatbotDetail,
  chatbotEnabledRequest,
  chatbotInput,
  listChatbotsResponse,
} from "../../../domain/chatbots";
import { intIdParams as idParams } from "../../../domain/ids";
import { type AppContext, actorOf } from "../../http/context";
import * as bots from "./chatbots.service";

const tags = ["chatbots"];

export function chatbotsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/chatbots", { schema: { tags, response: { 200: listChatbotsResponse } } }, (req) =>
    bots.listChatbots(ctx, actorOf(req)),
  );
  r.post(
    "/api/chatbots",
    { schema: { tags, body: chatbotInput, response: { 201: chatbotDetail } } },
    async (req, reply) =>
      reply.status(201).send(await bots.createChatbot(ctx, actorOf(req), req.body)),
  );
  r.get(
    "/api/chatbots/:id",
    { schema: { tags, params: idParams, response: { 200: chatbotDetail } } },
    (req) => bots.getChatbot(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/chatbots/:id",
    { schema: { tags, params: idParams, body: chatbotInput, response: { 200: chatbotDetail } } },
    (req) => bots.updateChatbot(ctx, actorOf(req), req.params.id, req.body),
  );
  r.post(
    "/api/chatbots/:id/enabled",
    {
      schema: {
        tags,
        params: idParams,
        body: chatbotEnabledRequest,
        response: { 200: chatbotDetail },
      },
    },
    (req) => bots.setChatbotEnabled(ctx, actorOf(req), req.params.id, req.body.enabled),
  );
  r.delete("/api/chatbots/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await bots.deleteChatbot(ctx, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
}
