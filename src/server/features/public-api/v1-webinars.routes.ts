import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { intIdParams as params } from "../../../domain/ids";
import {
  DEFAULT_REMINDER_MESSAGE,
  importCsvBody,
  importProviderBody,
  importResult,
  webinarEvent,
  webinarEventBody,
  webinarRegistrant,
} from "../../../domain/webinars";
import type { AppContext } from "../../http/context";
import * as webinars from "../webinars/webinars.service";
import { IDEMPOTENT, keyActorOf as key, op, v1Crud, withExample } from "./v1-route";

const tag = "webinars";
/** Importing registrants makes subscribers, so the key needs subscribers:write too (as the screen needs both). */
const IMPORTS =
  "Registrants who agreed to texts (a consent column, or `consent: true` for the whole file) become subscribers and get the event's reminders; the key needs `subscribers:write` as well.";

/** Webinar events, their registrants and reminders (the reminders are the event's offsets and message). */
export function v1WebinarsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  v1Crud(app, {
    path: "/api/v1/webinars",
    tag,
    noun: "Webinar",
    plural: "Webinars",
    one: "a webinar event",
    item: webinarEvent,
    list: {
      response: z.object({
        rows: z.array(webinarEvent),
        providers: z.object({ zoom: z.boolean(), goto: z.boolean() }),
      }),
      call: (a) => webinars.listEvents(ctx, a),
    },
    get: (a, id) => webinars.getEvent(ctx, a, id),
    // The offsets transform (sorted, unique): the example goes as x-examples (withExample).
    body: withExample(webinarEventBody, {
      title: "Spring planting workshop",
      startsAt: "2026-12-03T18:00:00-05:00",
      durationMinutes: 60,
      joinUrl: "https://meet.example.com/spring",
      phoneNumberId: null,
      reminderOffsets: [1440, 60],
      reminderMessage: DEFAULT_REMINDER_MESSAGE,
    }),
    create: (a, b) => webinars.createEvent(ctx, a, b),
    update: {
      method: "PUT",
      call: (a, id, b) => webinars.updateEvent(ctx, a, id, b),
      summary: "Change a webinar event (its reminders are planned again; sent ones stay sent)",
    },
    remove: (a, id) => webinars.deleteEvent(ctx, a, id),
  });
  r.get(
    "/api/v1/webinars/:id/registrants",
    {
      schema: {
        ...op(
          "listWebinarRegistrants",
          "List a webinar's registrants with their reminders",
          tag,
          "Each registrant's reminders (offset, when due, status: scheduled, queued, sent or skipped with why).",
        ),
        params,
        response: { 200: z.object({ rows: z.array(webinarRegistrant) }) },
      },
    },
    (req) => webinars.listRegistrants(ctx, key(req), req.params.id),
  );
  r.post(
    "/api/v1/webinars/:id/registrants/import",
    {
      schema: {
        ...op(
          "importWebinarRegistrants",
          "Import a webinar's registrants from a CSV",
          tag,
          `${IMPORTS} ${IDEMPOTENT}`,
        ),
        params,
        body: importCsvBody.meta({
          examples: [
            {
              csv: "First Name,Last Name,Email,Phone,Consent\nAda,Lovelace,ada@example.com,+13105550100,yes",
              consent: false,
            },
          ],
        }),
        response: { 200: importResult },
      },
    },
    (req) => webinars.importCsv(ctx, key(req), req.params.id, req.body),
  );
  r.post(
    "/api/v1/webinars/import-provider",
    {
      schema: {
        ...op(
          "importProviderWebinar",
          "Import (or refresh) a Zoom or GoTo webinar with its registrants",
          tag,
          `The account's connection to the service is used (made on the screen). ${IMPORTS} ${IDEMPOTENT}`,
        ),
        body: withExample(importProviderBody, {
          provider: "zoom",
          webinarId: "81234567890",
          consent: false,
        }),
        response: { 200: importResult.extend({ eventId: z.number(), provider: z.string() }) },
      },
    },
    (req) => webinars.importFromProvider(ctx, key(req), req.body),
  );
}
