import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bigIdParams } from "../../../domain/ids";
import { notificationsQuery, notificationsResponse } from "../../../domain/notifications.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as notifications from "./notifications.service";

const readAnswer = z.object({ ok: z.literal(true), unreadCount: z.number() });

/** The notification centre of spec doc 3 §2-4: each user's own list. */
export function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["notifications"];
  r.get(
    "/api/notifications",
    { schema: { tags, querystring: notificationsQuery, response: { 200: notificationsResponse } } },
    (req) => notifications.listForUser(ctx, actorOf(req), req.query.view, req.query.limit),
  );
  r.post(
    "/api/notifications/read-all",
    { schema: { tags, response: { 200: readAnswer } } },
    (req) => notifications.readAll(ctx, actorOf(req)),
  );
  r.post(
    "/api/notifications/:id/read",
    { schema: { tags, params: bigIdParams, response: { 200: readAnswer } } },
    (req) => notifications.readOne(ctx, actorOf(req), req.params.id),
  );
}
