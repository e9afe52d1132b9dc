import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bigId, bigIdParams as idParams, intId } from "../../../domain/ids";
import {
  conversationDetail,
  conversationMessage,
  listConversationsQuery,
  listConversationsResponse,
  messageStatus,
  threadQuery,
  threadResponse,
} from "../../../domain/inbox.schemas";
import type { AppContext } from "../../http/context";
import * as inbox from "../inbox/inbox.service";
import { IDEMPOTENT, keyActorOf, op } from "./v1-route";

const sendMessageRequest = z
  .object({
    subscriberId: bigId("Choose a subscriber"),
    body: z.string().max(2000, "Messages cannot be longer than 2000 characters.").default(""),
    /** The business number to send from; the account's default when left out. */
    phoneNumberId: intId("Choose a number to send from").optional(),
    mediaUrls: z.array(z.string().max(2000)).max(10).default([]),
    /** Send even inside the account's quiet hours. */
    sendAnyway: z.boolean().default(false),
  })
  .meta({ examples: [{ subscriberId: 42, body: "Your table is ready!" }] });

/** One-to-one messages and conversations: the inbox's services, with the key as the actor. */
export function v1MessagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/v1/messages",
    {
      schema: {
        ...op(
          "sendMessage",
          "Send a one-to-one message to a subscriber",
          "messages",
          `Queued on the one outbound path (charged, paced, retried); opted-out numbers are refused. ${IDEMPOTENT}`,
        ),
        body: sendMessageRequest,
        response: { 201: conversationMessage },
      },
    },
    async (req, reply) => {
      const { subscriberId, body, phoneNumberId, mediaUrls, sendAnyway } = req.body;
      const sent = await inbox.send(ctx, keyActorOf(req), subscriberId, {
        message: body,
        phoneNumberId: phoneNumberId ?? null,
        mediaUrls,
        sendAnyway,
      });
      return reply.status(201).send(sent);
    },
  );
  r.get(
    "/api/v1/messages/:id",
    {
      schema: {
        ...op(
          "getMessage",
          "Get a message's status",
          "messages",
          "A message of a conversation the key may see. While it has not gone to the carrier, `waiting` says why (legal hours, a state's cap, quiet hours, a paused account, the number's pace, a deadline) and `until` when it goes.",
        ),
        params: idParams,
        response: { 200: messageStatus },
      },
    },
    (req) => inbox.getMessage(ctx, keyActorOf(req), req.params.id),
  );
  r.get(
    "/api/v1/conversations",
    {
      schema: {
        ...op("listConversations", "List conversations, newest first", "messages"),
        querystring: listConversationsQuery,
        response: { 200: listConversationsResponse },
      },
    },
    (req) => inbox.listConversations(ctx, keyActorOf(req), req.query),
  );
  r.get(
    "/api/v1/conversations/:id",
    {
      schema: {
        ...op("getConversation", "Get a conversation (its id is the subscriber's)", "messages"),
        params: idParams,
        response: { 200: conversationDetail },
      },
    },
    (req) => inbox.getConversation(ctx, keyActorOf(req), req.params.id),
  );
  r.get(
    "/api/v1/conversations/:id/messages",
    {
      schema: {
        ...op("listMessages", "List a conversation's messages, oldest first", "messages"),
        params: idParams,
        querystring: threadQuery,
        response: { 200: threadResponse },
      },
    },
    (req) => inbox.thread(ctx, keyActorOf(req), req.params.id, req.query),
  );
}
