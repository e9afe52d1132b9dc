import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bigIdParams as params } from "../../../domain/ids";
import { messageFormSchema } from "../../../domain/message-form.schemas";
import {
  runIdParams,
  scheduledQuery,
  scheduledResponse,
  sentMessagesQuery,
  sentMessagesResponse,
  sentRunDetails,
} from "../../../domain/reports.schemas";
import type { AppContext } from "../../http/context";
import * as reports from "../reports/reports.service";
import * as scheduled from "../reports/scheduled.service";
import * as sends from "../sends/sends.service";
import { IDEMPOTENT, keyActorOf, op } from "./v1-route";

const TAG = "sends";
const sendAnswer = z.object({
  id: z.number(),
  status: z.enum(["scheduled", "running"]),
  nextRunAt: z.string().nullable(),
  recipients: z.number(),
});
const sendStatus = z.object({
  id: z.number(),
  form: z.record(z.string(), z.unknown()),
  status: z.string(),
  nextRunAt: z.string().nullable(),
  runCount: z.number(),
});
const body = messageFormSchema.meta({
  examples: [
    {
      isSubscribers: "false",
      groupIds: [12],
      message: "Doors open at 9 tomorrow. Reply STOP to opt out.",
      isScheduled: true,
      date: "2026-12-01",
      time: "09:00",
      timezone: "America/New_York",
    },
  ],
});

/** Campaign sends (the composer's form: now, scheduled or repeating) and their reports. */
export function v1SendsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/v1/sends",
    {
      schema: {
        ...op(
          "createSend",
          "Send or schedule a message to subscribers or groups",
          TAG,
          `The body is the composer's form: isScheduled with date, time and timezone schedules it; marketing rules (consent, quiet hours, opt-outs) apply as on the screen. ${IDEMPOTENT}`,
        ),
        body,
        response: { 201: sendAnswer },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await sends.createSend(ctx, keyActorOf(req), req.body)),
  );
  r.get(
    "/api/v1/sends",
    {
      schema: {
        ...op(
          "listScheduledSends",
          "List scheduled and repeating sends (the Scheduled screen)",
          TAG,
        ),
        querystring: scheduledQuery,
        response: { 200: scheduledResponse },
      },
    },
    (req) => scheduled.listScheduled(ctx, keyActorOf(req), req.query),
  );
  r.get(
    "/api/v1/sends/:id",
    {
      schema: {
        ...op("getSend", "Get a send's status and form", TAG),
        params,
        response: { 200: sendStatus },
      },
    },
    (req) => sends.getSend(ctx, keyActorOf(req), req.params.id),
  );
  r.put(
    "/api/v1/sends/:id",
    {
      schema: {
        ...op("rescheduleSend", "Change a scheduled send (time, audience, text)", TAG),
        params,
        body,
        response: { 200: sendAnswer },
      },
    },
    (req) => sends.updateSend(ctx, keyActorOf(req), req.params.id, req.body),
  );
  r.post(
    "/api/v1/sends/:id/cancel",
    {
      schema: {
        ...op("cancelSend", "Cancel a scheduled send", TAG),
        params,
        response: { 200: z.object({ id: z.number(), status: z.literal("cancelled") }) },
      },
    },
    (req) => sends.cancelSend(ctx, keyActorOf(req), req.params.id),
  );
  r.get(
    "/api/v1/reports/sends",
    {
      schema: {
        ...op("listSendReports", "Sent messages report: runs with delivery figures", TAG),
        querystring: sentMessagesQuery,
        response: { 200: sentMessagesResponse },
      },
    },
    (req) => reports.listSentMessages(ctx, keyActorOf(req), req.query),
  );
  r.get(
    "/api/v1/reports/sends/:id",
    {
      schema: {
        ...op("getSendReport", "One run's delivery figures", TAG),
        params: runIdParams,
        response: { 200: sentRunDetails },
      },
    },
    (req) => reports.sentMessageDetails(ctx, keyActorOf(req), req.params.id),
  );
}
