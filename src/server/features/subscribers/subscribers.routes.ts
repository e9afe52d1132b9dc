import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bigIdParams as idParams } from "../../../domain/ids";
import {
  bulkDeleteRequest,
  bulkGroupRequest,
  bulkResponse,
  countSubscribersResponse,
  listSubscribersQuery,
  listSubscribersResponse,
  recordConsentRequest,
  subscriberDetail,
  subscriberFilter,
  subscriberRequests,
} from "../../../domain/subscribers.schemas";
import { type AppContext, actorOf } from "../../http/context";
import type { ManualConsentAction } from "../compliance/compliance.service";
import { subscriberHistoryRoutes } from "./subscriber-history.routes";
import * as subscribers from "./subscribers.service";

const tags = ["subscribers"];

/** Consent actions by hand: the path segment and what it records. */
const CONSENT_ROUTES: [string, ManualConsentAction][] = [
  ["opt-out", "opt_out"],
  ["opt-in", "opt_in"],
  ["block", "block"],
  ["unblock", "unblock"],
];

export function subscribersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The phone message points at this install's own contact page (spec doc 1 §5).
  const host = ctx.config.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${ctx.config.PORT}`;
  const { create, update } = subscriberRequests(host);

  r.get(
    "/api/subscribers",
    {
      schema: {
        tags,
        querystring: listSubscribersQuery,
        response: { 200: listSubscribersResponse },
      },
    },
    (req) => subscribers.listSubscribers(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/subscribers/count",
    {
      schema: {
        tags,
        querystring: subscriberFilter,
        response: { 200: countSubscribersResponse },
      },
    },
    (req) => subscribers.countFiltered(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/subscribers/:id",
    {
      schema: { tags, params: idParams, response: { 200: subscriberDetail } },
    },
    (req) => subscribers.getSubscriber(ctx, actorOf(req), req.params.id),
  );
  r.post(
    "/api/subscribers",
    {
      schema: { tags, body: create, response: { 201: subscriberDetail } },
    },
    async (req, reply) =>
      reply.status(201).send(await subscribers.createSubscriber(ctx, actorOf(req), req.body)),
  );
  r.patch(
    "/api/subscribers/:id",
    {
      schema: { tags, params: idParams, body: update, response: { 200: subscriberDetail } },
    },
    (req) => subscribers.updateSubscriber(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete("/api/subscribers/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await subscribers.deleteSubscriber(ctx, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
  for (const [path, action] of CONSENT_ROUTES) {
    r.post(
      `/api/subscribers/:id/${path}`,
      {
        schema: { tags, params: idParams, response: { 200: subscriberDetail } },
      },
      (req) => subscribers.changeConsent(ctx, actorOf(req), req.params.id, action),
    );
  }
  r.post(
    "/api/subscribers/:id/marketing-consent",
    {
      schema: {
        tags,
        params: idParams,
        body: recordConsentRequest,
        response: { 200: subscriberDetail },
      },
    },
    (req) => subscribers.recordMarketingConsent(ctx, actorOf(req), req.params.id, req.body),
  );
  r.post(
    "/api/subscribers/bulk/delete",
    {
      schema: { tags, body: bulkDeleteRequest, response: { 200: bulkResponse } },
    },
    (req) => subscribers.bulkDelete(ctx, actorOf(req), req.body.selection),
  );
  r.post(
    "/api/subscribers/bulk/add-to-group",
    {
      schema: { tags, body: bulkGroupRequest, response: { 200: bulkResponse } },
    },
    (req) => subscribers.bulkAddToGroup(ctx, actorOf(req), req.body.selection, req.body.groupId),
  );
  r.post(
    "/api/subscribers/bulk/remove-from-group",
    {
      schema: { tags, body: bulkGroupRequest, response: { 200: bulkResponse } },
    },
    (req) =>
      subscribers.bulkRemoveFromGroup(ctx, actorOf(req), req.body.selection, req.body.groupId),
  );
  subscriberHistoryRoutes(app, ctx);
}
