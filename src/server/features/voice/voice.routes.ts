import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { intIdParams } from "../../../domain/ids";
import {
  VOICE_CHOICES,
  VOICE_TEXT_MAX,
  voiceBroadcastInput,
  voiceBroadcastRow,
  voiceCallRow,
  voiceConsentInput,
} from "../../../domain/voice";
import { espeakVoice, speak } from "../../carriers/emulator/calls.service";
import { type AppContext, actorOf } from "../../http/context";
import * as voice from "./voice.service";

const tags = ["phone messages"];
const detail = voiceBroadcastRow.extend({ calls: z.array(voiceCallRow) });
const previewInput = z.object({
  text: z.string().trim().min(1, "Type what the call should say.").max(VOICE_TEXT_MAX),
  voice: voiceBroadcastInput.shape.voice,
});

/** Voice broadcasts (/phone-messages): text-to-speech calls to subscribers with voice consent. */
export function voiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/phone-messages",
    {
      schema: {
        tags,
        querystring: z.object({ status: z.enum(["scheduled"]).optional() }),
        response: { 200: z.object({ rows: z.array(voiceBroadcastRow) }) },
      },
    },
    async (req) => ({ rows: await voice.listBroadcasts(ctx, actorOf(req), req.query) }),
  );

  r.post(
    "/api/phone-messages",
    { schema: { tags, body: voiceBroadcastInput, response: { 201: detail } } },
    async (req, reply) =>
      reply.status(201).send(await voice.createBroadcast(ctx, actorOf(req), req.body)),
  );

  r.post(
    "/api/phone-messages/audience",
    {
      schema: {
        tags,
        body: voiceBroadcastInput.pick({ recipients: true }),
        response: {
          200: z.object({
            callable: z.number(),
            noVoiceConsent: z.number(),
            optedOut: z.number(),
            blocked: z.number(),
            balance: z.number(),
          }),
        },
      },
    },
    async (req) => voice.audienceOf(ctx, actorOf(req), req.body.recipients),
  );

  // The composer's "Preview": the text spoken as the call will say it (espeak-ng, as the
  // emulator). A GET, so an <audio> element plays it straight from the server.
  r.get(
    "/api/phone-messages/preview",
    { schema: { tags, querystring: previewInput } },
    async (req, reply) => {
      const choice = VOICE_CHOICES.find((v) => v.value === req.query.voice)!;
      const wav = await speak(ctx, req.query.text, espeakVoice(choice.language, choice.voice));
      return reply.type("audio/wav").header("cache-control", "private, max-age=600").send(wav);
    },
  );

  r.post(
    "/api/phone-messages/voice-consent",
    {
      schema: {
        tags,
        body: voiceConsentInput,
        response: {
          200: z.object({ subscriberId: z.number(), voiceConsentAt: z.string().nullable() }),
        },
      },
    },
    async (req) => voice.setVoiceConsent(ctx, actorOf(req), req.body),
  );

  r.get(
    "/api/phone-messages/:id",
    { schema: { tags, params: intIdParams, response: { 200: detail } } },
    async (req) => voice.getBroadcast(ctx, actorOf(req), req.params.id),
  );

  r.put(
    "/api/phone-messages/:id",
    { schema: { tags, params: intIdParams, body: voiceBroadcastInput, response: { 200: detail } } },
    async (req) => voice.updateBroadcast(ctx, actorOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/phone-messages/:id",
    { schema: { tags, params: intIdParams, response: { 200: detail } } },
    async (req) => voice.cancelBroadcast(ctx, actorOf(req), req.params.id),
  );
}
