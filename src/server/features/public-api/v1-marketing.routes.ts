import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { intIdParams as params } from "../../../domain/ids";
import {
  drawResult,
  programInput,
  programListQuery,
  programListResponse,
  programReport,
  programResponse,
  programStatusInput,
  sendResult,
} from "../../../domain/marketing.schemas";
import {
  voiceBroadcastInput,
  voiceBroadcastRow,
  voiceCallRow,
  voiceConsentInput,
} from "../../../domain/voice";
import type { AppContext } from "../../http/context";
import { sendCoupon } from "../marketing/coupons";
import { drawGiveaway } from "../marketing/giveaway";
import * as programs from "../marketing/programs.service";
import { programReport as buildReport } from "../marketing/report.service";
import * as voice from "../voice/voice.service";
import { IDEMPOTENT, keyActorOf as key, op, v1Crud } from "./v1-route";

const broadcast = voiceBroadcastRow.extend({ calls: z.array(voiceCallRow) });
const broadcastExample = {
  name: "Snow day",
  text: "The shop is closed today because of the snow. See you tomorrow!",
  voice: "en-US:woman" as const,
  phoneNumberId: 3,
  recipients: { mode: "groups" as const, groupIds: [12] },
  sendAt: "2026-12-01T09:00:00-05:00",
};

/** Marketing tools (loyalty, coupons, giveaways, referrals, registrations) and voice broadcasts. */
export function v1MarketingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  v1Crud(app, {
    path: "/api/v1/marketing-programs",
    tag: "marketing tools",
    noun: "MarketingProgram",
    plural: "MarketingPrograms",
    one: "a marketing program",
    item: programResponse,
    list: {
      query: programListQuery,
      response: programListResponse,
      call: (a, q) => programs.listPrograms(ctx, a, q.kind),
    },
    get: (a, id) => programs.getProgram(ctx, a, id),
    body: programInput,
    example: {
      kind: "loyalty",
      name: "Coffee card",
      keyword: "CHECKIN",
      phoneNumberId: null,
      settings: { reward: "a free coffee", rewardPoints: 10, pointsPerCheckin: 1, periodHours: 24 },
    },
    create: (a, b) => programs.createProgram(ctx, a, b),
    update: { method: "PUT", call: (a, id, b) => programs.updateProgram(ctx, a, id, b) },
    remove: (a, id) => programs.deleteProgram(ctx, a, id),
  });
  r.put(
    "/api/v1/marketing-programs/:id/status",
    {
      schema: {
        ...op(
          "setMarketingProgramStatus",
          "Pause or resume a marketing program",
          "marketing tools",
        ),
        params,
        body: programStatusInput.meta({ examples: [{ status: "paused" }] }),
        response: { 200: programResponse },
      },
    },
    (req) => programs.setProgramStatus(ctx, key(req), req.params.id, req.body.status),
  );
  r.get(
    "/api/v1/marketing-programs/:id/report",
    {
      schema: {
        ...op("getMarketingProgramReport", "A marketing program's report", "marketing tools"),
        params,
        response: { 200: programReport },
      },
    },
    (req) => buildReport(ctx, key(req), req.params.id),
  );
  r.post(
    "/api/v1/marketing-programs/:id/send",
    {
      schema: {
        ...op(
          "sendCoupon",
          "Text a coupon program's codes",
          "marketing tools",
          "Each subscriber of its group (or the list) with marketing consent gets their own code, charged and sent on the one outbound path. Once per coupon program.",
        ),
        params,
        response: { 200: sendResult },
      },
    },
    (req) => sendCoupon(ctx, key(req), req.params.id),
  );
  r.post(
    "/api/v1/marketing-programs/:id/draw",
    {
      schema: {
        ...op(
          "drawGiveaway",
          "Draw a giveaway's winners",
          "marketing tools",
          "Among entrants who may still be texted; each winner is texted a prize code. Once per giveaway.",
        ),
        params,
        response: { 200: drawResult },
      },
    },
    (req) => drawGiveaway(ctx, key(req), req.params.id),
  );

  r.get(
    "/api/v1/voice-broadcasts",
    {
      schema: {
        ...op(
          "listVoiceBroadcasts",
          "List voice broadcasts (status=scheduled for those to come)",
          "voice",
        ),
        querystring: z.object({ status: z.enum(["scheduled"]).optional() }),
        response: { 200: z.object({ rows: z.array(voiceBroadcastRow) }) },
      },
    },
    async (req) => ({ rows: await voice.listBroadcasts(ctx, key(req), req.query) }),
  );
  r.get(
    "/api/v1/voice-broadcasts/:id",
    {
      schema: {
        ...op("getVoiceBroadcast", "Get a voice broadcast with its calls", "voice"),
        params,
        response: { 200: broadcast },
      },
    },
    (req) => voice.getBroadcast(ctx, key(req), req.params.id),
  );
  r.post(
    "/api/v1/voice-broadcasts",
    {
      schema: {
        ...op(
          "createVoiceBroadcast",
          "Call subscribers now or at sendAt with a text-to-speech message",
          "voice",
          `Only subscribers with recorded voice consent are called; calls are charged as on the screen. ${IDEMPOTENT}`,
        ),
        body: voiceBroadcastInput.meta({ examples: [broadcastExample] }),
        response: { 201: broadcast },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await voice.createBroadcast(ctx, key(req), req.body)),
  );
  r.put(
    "/api/v1/voice-broadcasts/:id",
    {
      schema: {
        ...op("updateVoiceBroadcast", "Change or reschedule a scheduled voice broadcast", "voice"),
        params,
        body: voiceBroadcastInput.meta({ examples: [broadcastExample] }),
        response: { 200: broadcast },
      },
    },
    (req) => voice.updateBroadcast(ctx, key(req), req.params.id, req.body),
  );
  r.post(
    "/api/v1/voice-broadcasts/:id/cancel",
    {
      schema: {
        ...op("cancelVoiceBroadcast", "Cancel a scheduled voice broadcast", "voice"),
        params,
        response: { 200: broadcast },
      },
    },
    (req) => voice.cancelBroadcast(ctx, key(req), req.params.id),
  );
  r.post(
    "/api/v1/voice-consent",
    {
      schema: {
        ...op(
          "setVoiceConsent",
          "Record (or withdraw) a subscriber's consent to voice calls",
          "voice",
          "evidence says how the subscriber gave it; it is kept with the consent record.",
        ),
        body: voiceConsentInput.meta({
          examples: [
            { subscriberId: 42, given: true, evidence: "Ticked 'Call me' on the order form" },
          ],
        }),
        response: {
          200: z.object({ subscriberId: z.number(), voiceConsentAt: z.string().nullable() }),
        },
      },
    },
    (req) => voice.setVoiceConsent(ctx, key(req), req.body),
  );
}
