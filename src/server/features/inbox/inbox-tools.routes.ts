import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bigIdParams, intIdParams } from "../../../domain/ids";
import { conversationMessage } from "../../../domain/inbox.schemas";
import {
  conversationLabelsRequest,
  inboxAlerts,
  inboxLabel,
  inboxLabelsResponse,
  labelRequest,
  noteRequest,
  snoozeRequest,
} from "../../../domain/inbox-tools";
import { type AppContext, actorOf } from "../../http/context";
import * as tools from "./inbox-tools.service";

const messageResponse = z.object({ message: z.string() });
const tags = ["inbox"];

/** Notes, labels, snooze and alert settings of the shared inbox. */
export function inboxToolsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/inbox/conversations/:id/notes",
    {
      schema: {
        tags,
        params: bigIdParams,
        body: noteRequest,
        response: { 201: conversationMessage },
      },
    },
    async (req, reply) => {
      const note = await tools.addNote(ctx, actorOf(req), req.params.id, req.body.body);
      return reply.code(201).send(note);
    },
  );
  r.get("/api/inbox/labels", { schema: { tags, response: { 200: inboxLabelsResponse } } }, (req) =>
    tools.listLabels(ctx, actorOf(req)),
  );
  r.post(
    "/api/inbox/labels",
    { schema: { tags, body: labelRequest, response: { 201: inboxLabel } } },
    async (req, reply) =>
      reply.code(201).send(await tools.createLabel(ctx, actorOf(req), req.body)),
  );
  r.delete(
    "/api/inbox/labels/:id",
    { schema: { tags, params: intIdParams, response: { 200: messageResponse } } },
    (req) => tools.deleteLabel(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/inbox/conversations/:id/labels",
    {
      schema: {
        tags,
        params: bigIdParams,
        body: conversationLabelsRequest,
        response: { 200: messageResponse },
      },
    },
    (req) => tools.setLabels(ctx, actorOf(req), req.params.id, req.body.labelIds),
  );
  r.post(
    "/api/inbox/conversations/:id/snooze",
    {
      schema: {
        tags,
        params: bigIdParams,
        body: snoozeRequest,
        response: { 200: messageResponse },
      },
    },
    (req) => tools.snooze(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete(
    "/api/inbox/conversations/:id/snooze",
    { schema: { tags, params: bigIdParams, response: { 200: messageResponse } } },
    (req) => tools.unsnooze(ctx, actorOf(req), req.params.id),
  );
  r.get("/api/inbox/alerts", { schema: { tags, response: { 200: inboxAlerts } } }, (req) =>
    tools.getAlerts(ctx, actorOf(req)),
  );
  r.put(
    "/api/inbox/alerts",
    {
      schema: {
        tags,
        body: inboxAlerts,
        response: { 200: inboxAlerts.extend({ message: z.string() }) },
      },
    },
    (req) => tools.saveAlerts(ctx, actorOf(req), req.body),
  );
}
