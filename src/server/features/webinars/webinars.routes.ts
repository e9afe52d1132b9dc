import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  importCsvBody,
  importProviderBody,
  importResult,
  webinarEvent,
  webinarEventBody,
  webinarRegistrant,
} from "../../../domain/webinars";
import { type AppContext, actorOf } from "../../http/context";
import * as webinars from "./webinars.service";

const tags = ["webinars"];

/** Webinars (spec doc 1 §2): events, registrants from a CSV, Zoom or GoTo, and their reminders. */
export function webinarsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/webinars",
    {
      schema: {
        tags,
        response: {
          200: z.object({
            rows: z.array(webinarEvent),
            providers: z.object({ zoom: z.boolean(), goto: z.boolean() }),
          }),
        },
      },
    },
    (req) => webinars.listEvents(ctx, actorOf(req)),
  );
  r.post(
    "/api/webinars",
    { schema: { tags, body: webinarEventBody, response: { 201: webinarEvent } } },
    async (req, reply) =>
      reply.status(201).send(await webinars.createEvent(ctx, actorOf(req), req.body)),
  );
  r.get(
    "/api/webinars/:id",
    { schema: { tags, params: idParams, response: { 200: webinarEvent } } },
    (req) => webinars.getEvent(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/webinars/:id",
    { schema: { tags, params: idParams, body: webinarEventBody, response: { 200: webinarEvent } } },
    (req) => webinars.updateEvent(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete(
    "/api/webinars/:id",
    { schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await webinars.deleteEvent(ctx, actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
  r.get(
    "/api/webinars/:id/registrants",
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: z.object({ rows: z.array(webinarRegistrant) }) },
      },
    },
    (req) => webinars.listRegistrants(ctx, actorOf(req), req.params.id),
  );
  r.post(
    "/api/webinars/:id/import",
    { schema: { tags, params: idParams, body: importCsvBody, response: { 200: importResult } } },
    (req) => webinars.importCsv(ctx, actorOf(req), req.params.id, req.body),
  );
  r.post(
    "/api/webinars/import-provider",
    {
      schema: {
        tags,
        body: importProviderBody,
        response: { 200: importResult.extend({ eventId: z.number(), provider: z.string() }) },
      },
    },
    (req) => webinars.importFromProvider(ctx, actorOf(req), req.body),
  );
}
