import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bigIdParams as idParams } from "../../../domain/ids";
import {
  listSubscribersQuery,
  listSubscribersResponse,
  subscriberDetail,
  subscriberRequests,
} from "../../../domain/subscribers.schemas";
import type { AppContext } from "../../http/context";
import * as subscribers from "../subscribers/subscribers.service";
import { IDEMPOTENT, keyActorOf, op } from "./v1-route";

const TAG = "subscribers";

/**
 * The screen's filters and pages, plus `limit` (1 to 100 rows), the name API clients reach for
 * first: it sets the page size to any number in that range where `pageSize` takes the screen's four.
 */
const v1ListQuery = z.intersection(
  listSubscribersQuery,
  z.object({
    limit: z.coerce
      .number("limit is a whole number from 1 to 100")
      .int("limit is a whole number from 1 to 100")
      .min(1, "limit is a whole number from 1 to 100")
      .max(100, "limit is a whole number from 1 to 100")
      .optional(),
  }),
);

/** Subscribers through an API key: the same services (and filters) as the Subscribers screen. */
export function v1SubscribersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const host = ctx.config.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${ctx.config.PORT}`;
  const { create, update } = subscriberRequests(host);

  r.get(
    "/api/v1/subscribers",
    {
      schema: {
        ...op(
          "listSubscribers",
          "List subscribers",
          TAG,
          "Filters are those of the Subscribers screen (query, group, dates, attribute…); pages start at 0; `limit` (1 to 100) or `pageSize` (10, 25, 50 or 100) rows a page.",
        ),
        querystring: v1ListQuery,
        response: { 200: listSubscribersResponse },
      },
    },
    (req) => {
      const { limit, ...query } = req.query;
      return subscribers.listSubscribers(ctx, keyActorOf(req), {
        ...query,
        pageSize: limit ?? query.pageSize,
      });
    },
  );
  r.get(
    "/api/v1/subscribers/:id",
    {
      schema: {
        ...op("getSubscriber", "Get a subscriber with groups and consent history", TAG),
        params: idParams,
        response: { 200: subscriberDetail },
      },
    },
    (req) => subscribers.getSubscriber(ctx, keyActorOf(req), req.params.id),
  );
  r.post(
    "/api/v1/subscribers",
    {
      schema: {
        ...op(
          "createSubscriber",
          "Create a subscriber",
          TAG,
          `Creating a subscriber through the API records marketing consent given to the business (source manual, naming the key's creator): only add people who agreed. ${IDEMPOTENT}`,
        ),
        body: create.meta({
          examples: [
            {
              number: "+13105550123",
              firstName: "Ada",
              lastName: "Lovelace",
              groupIds: [],
            },
          ],
        }),
        response: { 201: subscriberDetail },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await subscribers.createSubscriber(ctx, keyActorOf(req), req.body)),
  );
  r.patch(
    "/api/v1/subscribers/:id",
    {
      schema: {
        ...op("updateSubscriber", "Update a subscriber's number, name, e-mail or attributes", TAG),
        params: idParams,
        body: update,
        response: { 200: subscriberDetail },
      },
    },
    (req) => subscribers.updateSubscriber(ctx, keyActorOf(req), req.params.id, req.body),
  );
  r.post(
    "/api/v1/subscribers/:id/opt-out",
    {
      schema: {
        ...op("optOutSubscriber", "Opt a subscriber out (no more marketing or texts)", TAG),
        params: idParams,
        response: { 200: subscriberDetail },
      },
    },
    (req) => subscribers.changeConsent(ctx, keyActorOf(req), req.params.id, "opt_out"),
  );
  r.delete(
    "/api/v1/subscribers/:id",
    {
      schema: {
        ...op("deleteSubscriber", "Delete a subscriber (an opt-out stays in force)", TAG),
        params: idParams,
      },
    },
    async (req, reply) => {
      await subscribers.deleteSubscriber(ctx, keyActorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
