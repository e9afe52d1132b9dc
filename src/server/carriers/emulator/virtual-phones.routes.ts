import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import {
  virtualPhonesResponse,
  virtualReplyRequest,
  virtualThreadResponse,
} from "../../../domain/numbers.schemas";
import { toE164 } from "../../../domain/phone";
import { type AppContext, authOf } from "../../http/context";
import { requireAuth } from "../../http/session";
import { callAudio, callsTo, virtualCall } from "./virtual-calls";
import * as phones from "./virtual-phones.service";

/** Any common US form is accepted; E.164 is what the service sees. */
const usPhone = z
  .string()
  .trim()
  .transform((value, check) => {
    const e164 = toE164(value);
    if (!e164) {
      check.addIssue({ code: "custom", message: "Invalid phone number" });
      return z.NEVER;
    }
    return e164;
  });
const phoneParams = z.object({ phone: usPhone });
/** A text from a phone that has no thread yet: the reply body plus who sends it. */
const virtualTextRequest = virtualReplyRequest.extend({ from: usPhone });
const textSent = z.object({ sid: z.string() });

/** The emulator's virtual phones page (demo mode): read what outside numbers got, text back. */
export function virtualPhonesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["virtual-phones"];

  r.get(
    "/api/virtual-phones",
    { preHandler: requireAuth, schema: { tags, response: { 200: virtualPhonesResponse } } },
    async (req) => ({ rows: await phones.listVirtualPhones(ctx, authOf(req)) }),
  );

  r.get(
    "/api/virtual-phones/:phone/messages",
    {
      preHandler: requireAuth,
      schema: { tags, params: phoneParams, response: { 200: virtualThreadResponse } },
    },
    async (req) => ({ rows: await phones.getThread(ctx, authOf(req), req.params.phone) }),
  );

  r.post(
    "/api/virtual-phones/:phone/messages",
    {
      preHandler: requireAuth,
      schema: { tags, params: phoneParams, body: virtualReplyRequest, response: { 201: textSent } },
    },
    async (req, reply) => {
      const { to, body } = req.body;
      const sent = await phones.textAccountNumber(ctx, authOf(req), {
        from: req.params.phone,
        to,
        body,
      });
      return reply.status(201).send(sent);
    },
  );

  r.post(
    "/api/virtual-phones/messages",
    {
      preHandler: requireAuth,
      schema: { tags, body: virtualTextRequest, response: { 201: textSent } },
    },
    async (req, reply) => {
      const sent = await phones.textAccountNumber(ctx, authOf(req), req.body);
      return reply.status(201).send(sent);
    },
  );

  r.get(
    "/api/virtual-phones/:phone/calls",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        params: phoneParams,
        response: { 200: z.object({ rows: z.array(virtualCall) }) },
      },
    },
    async (req) => ({ rows: await callsTo(ctx, authOf(req), req.params.phone) }),
  );

  // What the virtual phone heard: the call's <Say> text as espeak-ng spoke it.
  r.get(
    "/api/virtual-phones/calls/:sid/audio",
    {
      preHandler: requireAuth,
      schema: { tags, params: z.object({ sid: z.string().regex(/^CA[0-9a-f]{32}$/) }) },
    },
    async (req, reply) => {
      const audio = await callAudio(ctx, authOf(req), req.params.sid);
      if (!audio) throw new AppError("NOT_FOUND", "That call has no recording.");
      return reply.type("audio/wav").header("cache-control", "private, max-age=3600").send(audio);
    },
  );
}
